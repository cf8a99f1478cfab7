import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { logIn } from '../api/log-in';
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

export function SignInPage() {
  const navigate = useNavigate();
  const { setAuth, persist, setPersist } = useAuth();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errorMessage, setErrorMessage] = useState('');
  const returning = storage.hasLoggedInBefore();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // A new try supersedes the last one's error toasts ('Login failed' must not follow the user home).
    toast.dismissErrors();
    const trimmedEmail = email.trim();
    if (!trimmedEmail) {
      toast.error('Email required', 'Please enter your email.');
      emailRef.current?.focus();
      return;
    }
    if (!password) {
      toast.error('Password required', 'Please enter your password.');
      passwordRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setErrorMessage('');
    try {
      const signedIn = await logIn({ email: trimmedEmail, password });
      setAuth({
        id: signedIn.id,
        email: trimmedEmail,
        accessToken: signedIn.accessToken,
        verification: signedIn.verification,
      });
      storage.markLoggedIn();
      // An address taken back with a password reset starts without a name: ask for it first.
      navigate(signedIn.nameRequired ? paths.chooseName : paths.home, { replace: true });
    } catch (error) {
      const described = describeLoginError(error);
      setErrorMessage(described.inline);
      toast.error(described.title, described.description);
      setSubmitting(false);
    }
  }

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
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
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
