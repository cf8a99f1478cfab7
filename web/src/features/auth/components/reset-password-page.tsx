import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { resetPassword } from '../api/reset-password';
import { AuthLayout } from './auth-layout';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';

const BAD_LINK = 'This reset link has expired or is invalid.';

/** The mailed link's page: a new password twice, or the bad-link state with a way to ask again. */
export function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [badLink, setBadLink] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (password.length < 8 || password.length > 128) {
      setError('Password must be 8–128 characters');
      passwordRef.current?.focus();
      return;
    }
    if (password !== confirm) {
      setError('Passwords do not match');
      confirmRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      await resetPassword({ id, token, password });
      toast.success('Password updated', 'Sign in with your new password.');
      navigate(paths.signin, { replace: true });
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof ApiError && failure.error === 'invalid token') {
        setBadLink(true);
        return;
      }
      const message =
        failure instanceof ApiError && failure.status !== 0 ? failure.message : 'No server response';
      setError(message);
    }
  }

  if (badLink) {
    return (
      <AuthLayout title="Choose a new password">
        <div className="stack">
          <FormAlert id="reset-error" message={BAD_LINK} />
          <Link to={paths.forgotPassword} className={buttonClass('primary', 'lg', true)}>
            Request a new link
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="8 to 128 characters. Every device signed in to your account will be signed out."
    >
      <form
        className="stack"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={error ? 'reset-error' : undefined}
      >
        <FormAlert id="reset-error" message={error} />
        <PasswordField
          ref={passwordRef}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          ref={confirmRef}
          label="Confirm password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {submitting ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
