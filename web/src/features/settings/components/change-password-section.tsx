import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { realtime } from '@/lib/realtime/realtime';
import { formMessage, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { errorText } from '@/lib/query/query-client';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { changePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

type PasswordValues = { current: string; next: string; confirm: string };

const CHECKS: Check<PasswordValues>[] = [
  { field: 'current', fails: ({ current }) => !current, message: 'Enter your current password' },
  {
    field: 'next',
    fails: ({ next }) => next.length < 8 || next.length > 128,
    message: 'Password must be 8–128 characters',
  },
  { field: 'confirm', fails: ({ next, confirm }) => next !== confirm, message: 'Passwords do not match' },
];

export function ChangePasswordSection() {
  const { register, handleSubmit, setError, reset, formState } = useCheckedForm<PasswordValues>(
    { current: '', next: '', confirm: '' },
    CHECKS,
  );
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ accessToken }) => {
      // The fresh sign-in's token, and the socket on it: logging out of this sign-in then ends both.
      authStore.setAuth((auth) => (auth ? { ...auth, accessToken } : auth));
      realtime.renew();
      reset();
      toast.success('Password changed', 'Your other devices were signed out.');
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.error === 'wrong password')
        setError('current', { message: 'Your current password is incorrect' }, { shouldFocus: true });
      else setError('root.server', { message: errorText(failure) });
    },
  });
  const error = formMessage(formState.errors);
  const saving = formState.isSubmitting;
  const onSubmit = handleSubmit(({ current, next }) =>
    change.mutateAsync({ currentPassword: current, newPassword: next }).catch(() => undefined),
  );

  return (
    <SettingsSection
      title="Change password"
      description="Other devices signed in to your account will be signed out."
    >
      <form
        className="stack"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={error ? 'change-password-error' : undefined}
      >
        <FormAlert id="change-password-error" message={error} />
        <PasswordField label="Current password" autoComplete="current-password" {...register('current')} />
        <PasswordField label="New password" autoComplete="new-password" {...register('next')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...register('confirm')} />
        <div>
          <Button type="submit" loading={saving}>
            {saving ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
