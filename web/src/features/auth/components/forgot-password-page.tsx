import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { formMessage, required, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { errorText } from '@/lib/query/query-client';
import { forgotPassword } from '../api/forgot-password';
import { AuthLayout } from './auth-layout';
import { FormAlert } from '@/components/ui/form-alert';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const CHECKS: Check<{ email: string }>[] = [
  required('email', 'Please enter your email.'),
  { field: 'email', fails: ({ email }) => !EMAIL.test(email.trim()), message: 'Not a valid email' },
];

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const { register, handleSubmit, setError, formState } = useCheckedForm({ email: '' }, CHECKS);
  const send = useMutation({
    mutationFn: forgotPassword,
    onError: (failure) => {
      const message = errorText(failure);
      setError('root.server', { message });
      toast.error('Could not send the link', message);
    },
  });
  const sentTo = send.isSuccess ? send.variables : null;
  const error = formMessage(formState.errors);
  const onSubmit = handleSubmit(({ email }) => send.mutateAsync(email.trim()).catch(() => undefined));

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
          <Button variant="secondary" onClick={() => send.reset()}>
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
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            {...register('email')}
          />
          <Button type="submit" size="lg" block loading={formState.isSubmitting}>
            {formState.isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
