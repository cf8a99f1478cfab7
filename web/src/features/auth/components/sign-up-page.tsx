import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
// The sign-up form composes the photo widget and its upload call; both belong to the images feature.
import { uploadImage } from '@/lib/images/upload-image';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { ApiError } from '@/lib/api-client';
import { required, submitWithToasts, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { signIn } from '../api/log-in';
import { register } from '../api/register';
import { requestVerification } from '../api/request-verification';
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

const MISMATCH: Check<SignUpValues> = {
  field: 'confirm',
  fails: (values) => values.password !== values.confirm,
  message: 'Passwords do not match. Please type your password again.',
  toast: { title: 'Passwords do not match', description: 'Please make sure both passwords are the same.' },
};

const CHECKS: Check<SignUpValues>[] = [
  required('name', 'Please enter your name.', { toast: 'Name required' }),
  required('email', 'Please enter your email.', { toast: 'Email required' }),
  required('password', 'Please choose a password.', { toast: 'Password required', trim: false }),
  required('confirm', 'Please enter your password again.', { toast: 'Confirm your password', trim: false }),
  MISMATCH,
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
  const form = useCheckedForm<SignUpValues>({ name: '', email: '', password: '', confirm: '' }, CHECKS);
  const { register: field, setError, clearErrors, setValue, formState } = form;
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
        await signIn({ email, password });
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

  // A new try supersedes the last one's error toasts: only the current problem shows, and none of the fixed ones
  // follow the user to /profile (a photo upload failure from this try still does).
  const onSubmit = submitWithToasts(
    form,
    CHECKS,
    ({ name, email, password }) =>
      signUp.mutateAsync({ name: name.trim(), email: email.trim(), password }).catch(() => undefined),
    // Spec §5: a mismatch clears the confirmation, so it is typed again; the message stays beside it.
    (failed) => failed === MISMATCH && setValue('confirm', ''),
  );
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
          <span aria-hidden="true">♥</span> You were invited by a friend: once you verify your email, they move up
          the waitlist.
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
