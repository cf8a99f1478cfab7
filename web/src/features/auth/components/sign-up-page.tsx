import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
// The sign-up form composes the photo widget and its upload call; both belong to the images feature.
import { uploadImage } from '@/lib/images/upload-image';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { ApiError } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { logIn } from '../api/log-in';
import { register } from '../api/register';
import { requestVerification } from '../api/request-verification';
import { useAuth } from '@/lib/auth/use-auth';
import { AuthLayout } from './auth-layout';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;

/** Section 8 "Register". */
function describeRegisterError(error: unknown): { title: string; description: string; field?: FieldName } {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return { title: 'No server response', description: 'Check your connection and try again.' };
    if (error.status === 409)
      return { title: 'Registration failed', description: 'Email already in use', field: 'email' };
    if (error.status === 400) {
      // The server names the broken rule ('Not a valid email' for the address, the length rule for passwords).
      const description = error.message || 'Not a valid email';
      const field = /password/i.test(description)
        ? 'password'
        : /email/i.test(description)
          ? 'email'
          : undefined;
      return { title: 'Registration failed', description, field };
    }
    return {
      title: 'Registration failed',
      description: typeof error.message === 'string' && error.message ? error.message : 'Please try again',
    };
  }
  return { title: 'Registration failed', description: 'Please try again' };
}

type FieldName = 'name' | 'email' | 'password' | 'confirm';

type Step = 'idle' | 'registering' | 'signing-in' | 'uploading';

const STEP_LABEL: Record<Step, string> = {
  idle: 'Create account',
  registering: 'Creating your account…',
  'signing-in': 'Signing you in…',
  uploading: 'Uploading your photo…',
};

export function SignUpPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('code')?.trim() || undefined;
  const { setAuth } = useAuth();

  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [step, setStep] = useState<Step>('idle');
  const [errorMessage, setErrorMessage] = useState('');
  // Each problem also stays under its field (a toast passes); editing the field clears it.
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const busy = step !== 'idle';

  function edit(field: FieldName, set: (value: string) => void) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      set(event.target.value);
      setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
    };
  }

  function validate(): boolean {
    const fail = (
      field: FieldName,
      title: string,
      description: string,
      input: HTMLInputElement | null,
      inline = description,
    ) => {
      toast.error(title, description);
      setFieldErrors({ [field]: inline });
      input?.focus();
      return false;
    };
    if (!name.trim()) return fail('name', 'Name required', 'Please enter your name.', nameRef.current);
    if (!email.trim()) return fail('email', 'Email required', 'Please enter your email.', emailRef.current);
    if (!password)
      return fail('password', 'Password required', 'Please choose a password.', passwordRef.current);
    if (!confirm)
      return fail(
        'confirm',
        'Confirm your password',
        'Please enter your password again.',
        confirmRef.current,
      );
    if (password !== confirm) {
      // Spec §5: a mismatch clears the confirmation, so it is typed again; the message stays beside it.
      setConfirm('');
      return fail(
        'confirm',
        'Passwords do not match',
        'Please make sure both passwords are the same.',
        confirmRef.current,
        'Passwords do not match. Please type your password again.',
      );
    }
    if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
      return fail(
        'password',
        password.length < MIN_PASSWORD ? 'Password too short' : 'Password too long',
        `Please use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`,
        passwordRef.current,
      );
    }
    return true;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // A new try supersedes the last one's error toasts: only the current problem shows, and none of the
    // fixed ones follow the user to /profile (a photo upload failure from this try still does).
    toast.dismissErrors();
    setFieldErrors({});
    if (!validate()) return;
    const trimmedName = name.trim();
    const trimmedEmail = email.trim();
    setErrorMessage('');
    setStep('registering');

    let id: string;
    try {
      ({ id } = await register({ name: trimmedName, email: trimmedEmail, password, code: referralCode }));
    } catch (error) {
      const described = describeRegisterError(error);
      if (described.field) {
        setFieldErrors({ [described.field]: described.description });
        (described.field === 'email' ? emailRef : passwordRef).current?.focus();
      } else setErrorMessage(described.description);
      toast.error(described.title, described.description);
      setStep('idle');
      return;
    }

    // The account exists from here on: a failed mail or sign-in must not send the user back to a form
    // that would now answer "Email already in use".
    try {
      await requestVerification({ id, name: trimmedName, email: trimmedEmail });
    } catch (error) {
      console.error('Verification email request failed', error);
    }

    setStep('signing-in');
    try {
      const signedIn = await logIn({ email: trimmedEmail, password });
      setAuth({
        id: signedIn.id,
        email: trimmedEmail,
        accessToken: signedIn.accessToken,
        verification: signedIn.verification,
      });
      storage.markLoggedIn();
    } catch {
      toast.info('Account created', 'Please sign in to continue.');
      navigate(paths.signin, { replace: true });
      return;
    }

    if (picture) {
      setStep('uploading');
      try {
        await uploadImage({ id, file: picture });
      } catch (error) {
        const detail =
          error instanceof ApiError && error.status !== 0
            ? error.message
            : 'You can add a photo on your profile.';
        toast.error('Photo upload failed', detail);
      }
    }

    toast.success('Welcome to Fated!', `We sent a verification link to ${trimmedEmail}.`);
    navigate(paths.profile, { replace: true });
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Takes a minute. Then a quick profile and the 19-question quiz."
      footer={
        <p>
          Already have an account? <Link to={paths.signin}>Sign in</Link>
        </p>
      }
    >
      {referralCode ? (
        <p className="signup__referral" role="note">
          <span aria-hidden="true">♥</span> You were invited by a friend. Signing up moves you both up the
          waitlist.
        </p>
      ) : null}
      <form
        className="stack"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={errorMessage ? 'signup-error' : undefined}
      >
        <FormAlert id="signup-error" message={errorMessage} />
        <ImageUpload variant="button" label="Profile picture (optional)" onChange={setPicture} />
        <Field
          ref={nameRef}
          label="Name"
          name="name"
          autoComplete="name"
          autoCapitalize="words"
          value={name}
          onChange={edit('name', setName)}
          error={fieldErrors.name}
        />
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
          onChange={edit('email', setEmail)}
          error={fieldErrors.email}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="new-password"
          autoComplete="new-password"
          hint={`${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`}
          value={password}
          onChange={edit('password', setPassword)}
          error={fieldErrors.password}
        />
        <PasswordField
          ref={confirmRef}
          label="Confirm password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={edit('confirm', setConfirm)}
          error={fieldErrors.confirm}
        />
        <p className="text-small text-muted">
          By creating an account you confirm you are 18 or older and agree to our{' '}
          <Link to={paths.terms}>Terms of Use</Link> and <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
        <Button type="submit" size="lg" block loading={busy}>
          {STEP_LABEL[step]}
        </Button>
      </form>
    </AuthLayout>
  );
}
