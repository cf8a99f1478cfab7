import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useResendVerification } from '@/components/layout/resend-email';
import { verifyEmail } from '../api/verify-email';
import { useAuth } from '@/lib/auth/use-auth';
import { AuthLayout } from './auth-layout';
import './verify-email-page.css';

const FAILURE_MESSAGE =
  'Your verification token has expired or is invalid. Please request a new verification email.';

/** /verifyEmail/:id/:token — the link from the verification mail. */
export function VerifyEmailPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const { setAuth } = useAuth();
  const { resend, sending: resending } = useResendVerification(id);
  const verify = useMutation({
    mutationFn: () => verifyEmail({ id, emailToken: token }),
    onMutate: () => toast.dismissErrors(),
    onSuccess: () => {
      // Only this account's session learns it is verified; someone else's open session is left alone.
      setAuth((current) => (current && current.id === id ? { ...current, verification: true } : current));
      toast.success('Email verified', 'Next up: the 19-question compatibility quiz.');
      navigate(paths.quiz, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 0)
        toast.error('No server response', 'Check your connection and try again.');
    },
  });
  const status = verify.isError ? 'failed' : verify.isPending ? 'verifying' : 'ready';

  if (status === 'failed') {
    return (
      <AuthLayout title="Verification Failed">
        <div className="verify-email">
          <div className="verify-email__icon verify-email__icon--failed" aria-hidden="true">
            !
          </div>
          <p role="alert" className="verify-email__message">
            {FAILURE_MESSAGE}
          </p>
          <div className="stack stack-sm">
            <Button size="lg" block loading={resending} onClick={resend}>
              Request New Verification
            </Button>
            <Link to={paths.signin} className={buttonClass('secondary', 'lg', true)}>
              Back to Sign In
            </Link>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Verify your email" subtitle="One tap and you're ready for the compatibility quiz.">
      <div className="verify-email">
        <div className="verify-email__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            <path
              d="M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5zM4.5 6.5 12 12l7.5-5.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <p className="verify-email__message">
          Confirm that this email address belongs to you. Verified members can take the quiz, receive matches
          and join the waitlist.
        </p>
        <Button size="lg" block loading={status === 'verifying'} onClick={() => verify.mutate()}>
          Verify Email
        </Button>
      </div>
    </AuthLayout>
  );
}
