import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { nameAccount } from '../api/name-account';
import { AuthLayout } from './auth-layout';

/**
 * Shown after sign-in when the account has no name: the owner took their address back with a password reset,
 * and whatever an earlier holder of it wrote, their name included, is gone.
 */
export function ChooseNamePage() {
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const chosen = name.trim();
    if (!chosen) {
      setError('Name required');
      nameRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      await nameAccount(chosen);
      navigate(paths.home, { replace: true });
    } catch (failure) {
      // Already named (another tab did it): nothing left to ask.
      if (failure instanceof ApiError && failure.status === 409) {
        navigate(paths.home, { replace: true });
        return;
      }
      const message =
        failure instanceof ApiError && failure.status !== 0 ? failure.message : 'No server response';
      setError(message);
      toast.error('Could not save your name', message);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="What should we call you?"
      subtitle="Your account is yours again. Choose the name your matches will see."
    >
      <form
        className="stack"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={error ? 'name-error' : undefined}
      >
        <FormAlert id="name-error" message={error} />
        <Field
          ref={nameRef}
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={100}
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" loading={submitting} block>
          {submitting ? 'Saving…' : 'Continue'}
        </Button>
      </form>
    </AuthLayout>
  );
}
