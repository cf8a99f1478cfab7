import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { formMessage, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { errorText } from '@/lib/query/query-client';
import { checkResetLink, resetPassword } from '../api/reset-password';
import { AuthLayout } from './auth-layout';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';

const BAD_LINK = 'This reset link has expired or is invalid.';

const isBadLink = (failure: unknown) => failure instanceof ApiError && failure.error === 'invalid token';

/** The mailed link's page: a new password twice, or the bad-link state with a way to ask again. */
type ResetValues = { password: string; confirm: string };

const CHECKS: Check<ResetValues>[] = [
  {
    field: 'password',
    fails: ({ password }) => password.length < 8 || password.length > 128,
    message: 'Password must be 8–128 characters',
  },
  {
    field: 'confirm',
    fails: ({ password, confirm }) => password !== confirm,
    message: 'Passwords do not match',
  },
];

export function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useCheckedForm<ResetValues>(
    { password: '', confirm: '' },
    CHECKS,
  );
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      toast.success('Password updated', 'Sign in with your new password.');
      navigate(paths.signin, { replace: true });
    },
    onError: (failure) => {
      if (!isBadLink(failure)) setError('root.server', { message: errorText(failure) });
    },
  });
  // A bad link says so as the page opens, above the form (a try still gets the same answer); should the check
  // fail otherwise (offline), the reset itself answers.
  const link = useQuery({
    queryKey: ['reset-link', id, token],
    queryFn: () => checkResetLink({ id, token }),
    staleTime: Infinity,
  });
  const badLink = reset.isError && isBadLink(reset.error);
  const linkRefused = link.isError && isBadLink(link.error);
  const error = formMessage(formState.errors);
  const submitting = formState.isSubmitting;
  const onSubmit = handleSubmit(({ password }) =>
    reset.mutateAsync({ id, token, password }).catch(() => undefined),
  );

  if (badLink) {
    return (
      <AuthLayout title="Choose a new password">
        <BadLink id="reset-error" />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="8 to 128 characters. Every device signed in to your account will be signed out."
    >
      {linkRefused && <BadLink id="reset-link-error" className="auth-notice" />}
      <form
        className="stack"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={error ? 'reset-error' : undefined}
      >
        <FormAlert id="reset-error" message={error} />
        <PasswordField label="New password" autoComplete="new-password" {...register('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...register('confirm')} />
        <Button type="submit" size="lg" block loading={submitting}>
          {submitting ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The link is wrong, used or expired: say so, and offer a new one. */
function BadLink({ id, className = '' }: { id: string; className?: string }) {
  return (
    <div className={`stack ${className}`.trim()}>
      <FormAlert id={id} message={BAD_LINK} />
      <Link to={paths.forgotPassword} className={buttonClass('primary', 'lg', true)}>
        Request a new link
      </Link>
    </div>
  );
}
