import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { forgotPassword } from '../api/forgot-password';
import { AuthLayout } from './auth-layout';
import { FormAlert } from '@/components/ui/form-alert';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError('Not a valid email');
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      await forgotPassword(address);
      setSentTo(address);
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.status !== 0 ? failure.message : 'No server response';
      setError(message);
      toast.error('Could not send the link', message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle={
        sentTo ? undefined : "Enter your account's email and we'll send you a link to choose a new password."
      }
      footer={
        <p>
          Remembered it? <Link to={paths.signin}>Sign in</Link>
        </p>
      }
    >
      {sentTo ? (
        <div className="stack" role="status">
          <h2 className="auth-sent__title">Check your email</h2>
          <p>
            If an account uses <strong>{sentTo}</strong>, a link to choose a new password is on its way. It
            works once and expires in 1 hour.
          </p>
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            Use another email
          </Button>
        </div>
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={onSubmit}
          aria-describedby={error ? 'forgot-error' : undefined}
        >
          <FormAlert id="forgot-error" message={error} />
          <Field
            ref={emailRef}
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" size="lg" block loading={submitting}>
            {submitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
