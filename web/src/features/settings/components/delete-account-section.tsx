import { useRef, useState, type FormEvent } from 'react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { deleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  function close() {
    if (deleting) return;
    setOpen(false);
    setPassword('');
    setError('');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleting) return;
    if (!password) {
      setError('Enter your password');
      passwordRef.current?.focus();
      return;
    }
    setDeleting(true);
    setError('');
    try {
      await deleteAccount(password);
      // Signed out on a protected page, the route guard moves on: to home, not to sign in.
      authStore.clearAuth(paths.home);
      toast.success('Your account was deleted', 'Everything we held about you is gone.');
    } catch (failure) {
      setDeleting(false);
      setError(
        failure instanceof ApiError && failure.error === 'wrong password'
          ? 'Your password is incorrect'
          : failure instanceof ApiError && failure.status !== 0
            ? failure.message
            : 'No server response',
      );
      passwordRef.current?.focus();
    }
  }

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
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <DialogActions>
            <Button type="button" variant="secondary" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={deleting}>
              Delete forever
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
