import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
// The sign-up form composes the photo widget and its upload call; both belong to the images feature.
import { uploadImage } from '@/lib/images/upload-image';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { ApiError } from '@/lib/api-client';
import { firstFailure, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
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

type SignUpValues = Record<FieldName, string>;

const CHECKS: Check<SignUpValues>[] = [
  {
    field: 'name',
    fails: (values) => !values.name.trim(),
    message: 'Please enter your name.',
    toast: { title: 'Name required', description: 'Please enter your name.' },
  },
  {
    field: 'email',
    fails: (values) => !values.email.trim(),
    message: 'Please enter your email.',
    toast: { title: 'Email required', description: 'Please enter your email.' },
  },
  {
    field: 'password',
    fails: (values) => !values.password,
    message: 'Please choose a password.',
    toast: { title: 'Password required', description: 'Please choose a password.' },
  },
  {
    field: 'confirm',
    fails: (values) => !values.confirm,
    message: 'Please enter your password again.',
    toast: { title: 'Confirm your password', description: 'Please enter your password again.' },
  },
  {
    field: 'confirm',
    fails: (values) => values.password !== values.confirm,
    message: 'Passwords do not match. Please type your password again.',
    toast: { title: 'Passwords do not match', description: 'Please make sure both passwords are the same.' },
  },
  {
    field: 'password',
    fails: (values) => values.password.length < MIN_PASSWORD,
    message: `Please use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`,
    toast: {
      title: 'Password too short',
      description: `Please use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`,
    },
  },
  {
    field: 'password',
    fails: (values) => values.password.length > MAX_PASSWORD,
    message: `Please use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`,
    toast: {
      title: 'Password too long',
      description: `Please use ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`,
    },
  },
];

/** The account exists from the first step on: what fails after it is told, never sent back to the form. */
class SignInAfterSignUpFailed extends Error {}

export function SignUpPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('code')?.trim() || undefined;
  const { setAuth } = useAuth();
  const {
    register: field,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    getValues,
    formState,
  } = useCheckedForm<SignUpValues>({ name: '', email: '', password: '', confirm: '' }, CHECKS);
  const [picture, setPicture] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('idle');

  const signUp = useMutation({
    mutationFn: async ({ name, email, password }: { name: string; email: string; password: string }) => {
      setStep('registering');
      const { id } = await register({ name, email, password, code: referralCode });
      // A failed mail or sign-in must not send the user back to a form that would now answer "Email already
      // in use".
      try {
        await requestVerification({ id, name, email });
      } catch (error) {
        console.error('Verification email request failed', error);
      }
      setStep('signing-in');
      try {
        const signedIn = await logIn({ email, password });
        setAuth({
          id: signedIn.id,
          email,
          accessToken: signedIn.accessToken,
          verification: signedIn.verification,
        });
        storage.markLoggedIn();
      } catch {
        throw new SignInAfterSignUpFailed();
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
    },
    onSuccess: (_data, { email }) => {
      toast.success('Welcome to Fated!', `We sent a verification link to ${email}.`);
      navigate(paths.profile, { replace: true });
    },
    onError: (error) => {
      if (error instanceof SignInAfterSignUpFailed) {
        toast.info('Account created', 'Please sign in to continue.');
        navigate(paths.signin, { replace: true });
        return;
      }
      const described = describeRegisterError(error);
      setError(described.field ?? 'root.server', { message: described.description }, { shouldFocus: true });
      toast.error(described.title, described.description);
      setStep('idle');
    },
  });
  const busy = step !== 'idle';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A new try supersedes the last one's error toasts: only the current problem shows, and none of the
    // fixed ones follow the user to /profile (a photo upload failure from this try still does).
    toast.dismissErrors();
    return handleSubmit(
      ({ name, email, password }) =>
        signUp.mutateAsync({ name: name.trim(), email: email.trim(), password }).catch(() => undefined),
      () => {
        const failed = firstFailure(CHECKS, getValues());
        if (failed?.toast) toast.error(failed.toast.title, failed.toast.description);
        // Spec §5: a mismatch clears the confirmation, so it is typed again; the message stays beside it.
        if (failed === CHECKS[4]) setValue('confirm', '');
      },
    )(event);
  };
  // Each problem also stays under its field (a toast passes); editing the field clears it.
  const edit = (name: FieldName) => field(name, { onChange: () => clearErrors(name) });
  const errors = formState.errors;
  const errorMessage = errors.root?.server?.message ?? '';

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
          label="Name"
          autoComplete="name"
          autoCapitalize="words"
          {...edit('name')}
          error={errors.name?.message}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...edit('email')}
          error={errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`${MIN_PASSWORD} to ${MAX_PASSWORD} characters.`}
          {...edit('password')}
          error={errors.password?.message}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...edit('confirm')}
          error={errors.confirm?.message}
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
