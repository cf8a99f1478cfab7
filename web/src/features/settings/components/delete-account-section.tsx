import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { CancelOrConfirm, Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { formMessage, useCheckedForm, type Check } from '@/lib/forms/use-checked-form';
import { errorText } from '@/lib/query/query-client';
import { authStore } from '@/lib/auth-store';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { deleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

const CHECKS: Check<{ password: string }>[] = [
  { field: 'password', fails: ({ password }) => !password, message: 'Enter your password' },
];

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useCheckedForm({ password: '' }, CHECKS);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { ref: registerPassword, ...passwordField } = register('password');
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Signed out on a protected page, the route guard moves on: to home, not to sign in.
      authStore.clearAuth(paths.home);
      toast.success('Your account was deleted', 'Everything we held about you is gone.');
    },
    onError: (failure) => {
      const message =
        failure instanceof ApiError && failure.error === 'wrong password'
          ? 'Your password is incorrect'
          : errorText(failure);
      setError('password', { message }, { shouldFocus: true });
    },
  });
  const deleting = formState.isSubmitting || remove.isSuccess;
  const error = formMessage(formState.errors);

  function close() {
    if (deleting) return;
    setOpen(false);
    reset();
  }

  const onSubmit = handleSubmit(({ password }) => remove.mutateAsync(password).catch(() => undefined));

  return (
    <SettingsSection
      title="Delete account"
      tone="danger"
      description="Your account, profile, photo, answers and matches are deleted for good. This cannot be undone."
    >
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description="Enter your password to confirm. Everything is deleted at once and cannot be recovered."
        initialFocusRef={passwordRef}
      >
        <form
          className="stack"
          noValidate
          onSubmit={onSubmit}
          aria-describedby={error ? 'delete-account-error' : undefined}
        >
          <FormAlert id="delete-account-error" message={error} />
          <PasswordField
            ref={(input) => {
              registerPassword(input);
              passwordRef.current = input;
            }}
            label="Password"
            autoComplete="current-password"
            {...passwordField}
          />
          <CancelOrConfirm confirm="Delete forever" busy={deleting} onCancel={close} />
        </form>
      </Dialog>
    </SettingsSection>
  );
}
