import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { required, submitWithToasts, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { storage } from '@/lib/storage';
import { signIn } from '../api/log-in';
import { useAuth } from '@/lib/auth/use-auth';
import { AuthLayout } from './auth-layout';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';

/** Section 8 "Login": the inline message by status, and the toast that follows it. */
function describeLoginError(error: unknown): { inline: string; title: string; description?: string } {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return {
        inline: 'No server response',
        title: 'No server response',
        description: 'Check your connection and try again.',
      };
    if (error.status === 400)
      return {
        inline: 'Missing email or password',
        title: 'Login failed',
        description: 'Missing email or password',
      };
    if (error.status === 401)
      return {
        inline: 'Email or password is incorrect',
        title: 'Login failed',
        description: 'Incorrect email or password.',
      };
    if (error.status === 403)
      return { inline: error.message, title: 'Login failed', description: error.message };
    if (error.status === 429)
      return { inline: error.message, title: 'Login failed', description: error.message };
  }
  return { inline: 'Login failed', title: 'Login failed', description: 'Please try again.' };
}

type SignInValues = { email: string; password: string };

const CHECKS: Check<SignInValues>[] = [
  required('email', 'Please enter your email.', { toast: 'Email required' }),
  required('password', 'Please enter your password.', { toast: 'Password required', trim: false }),
];

export function SignInPage() {
  const navigate = useNavigate();
  const { persist, setPersist } = useAuth();
  const form = useCheckedForm<SignInValues>({ email: '', password: '' }, CHECKS);
  const { register, setError, formState } = form;
  const returning = storage.hasLoggedInBefore();

  const signingIn = useMutation({
    mutationFn: signIn,
    onSuccess: (signedIn) => {
      // An address taken back with a password reset starts without a name: ask for it first.
      navigate(signedIn.nameRequired ? paths.chooseName : paths.home, { replace: true });
    },
    onError: (error) => {
      const described = describeLoginError(error);
      setError('root.server', { message: described.inline });
      toast.error(described.title, described.description);
    },
  });

  // A new try supersedes the last one's error toasts ('Login failed' must not follow the user home).
  const onSubmit = submitWithToasts(form, CHECKS, ({ email, password }) =>
    signingIn.mutateAsync({ email: email.trim(), password }).catch(() => undefined),
  );
  // Only the server's answer shows above the form; a missing field is said in a toast.
  const errorMessage = formState.errors.root?.server?.message ?? '';
  const submitting = formState.isSubmitting || signingIn.isPending || signingIn.isSuccess;

  return (
    <AuthLayout
      title="Sign in"
      subtitle={
        returning
          ? 'Welcome back. Your matches are waiting.'
          : 'Sign in to take the quiz and see your matches.'
      }
      footer={
        <p>
          New to Fated? <Link to={paths.signup}>Create an account</Link>
        </p>
      }
    >
      <form
        className="stack"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={errorMessage ? 'signin-error' : undefined}
      >
        <FormAlert id="signin-error" message={errorMessage} />
        {/* The page exists for this form: the cursor starts where typing starts. */}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          {...register('email')}
        />
        <PasswordField label="Password" autoComplete="current-password" {...register('password')} />
        <p className="signin__forgot">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
        <label className="checkbox">
          <input type="checkbox" checked={persist} onChange={(event) => setPersist(event.target.checked)} />
          <span>Remember me</span>
        </label>
        <Button type="submit" size="lg" block loading={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
