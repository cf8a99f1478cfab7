import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { changePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

export function ChangePasswordSection() {
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const fail = (message: string, field: HTMLInputElement | null) => {
      setError(message);
      field?.focus();
    };
    if (!current) return fail('Enter your current password', currentRef.current);
    if (next.length < 8 || next.length > 128)
      return fail('Password must be 8–128 characters', nextRef.current);
    if (next !== confirm) return fail('Passwords do not match', confirmRef.current);
    setSaving(true);
    setError('');
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      toast.success('Password changed', 'Your other devices were signed out.');
    } catch (failure) {
      if (failure instanceof ApiError && failure.error === 'wrong password') {
        fail('Your current password is incorrect', currentRef.current);
      } else {
        fail(
          failure instanceof ApiError && failure.status !== 0 ? failure.message : 'No server response',
          null,
        );
      }
    } finally {
      setSaving(false);
    }
  }

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
        <PasswordField
          ref={currentRef}
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <PasswordField
          ref={nextRef}
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <PasswordField
          ref={confirmRef}
          label="Confirm new password"
          name="confirm-new-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <div>
          <Button type="submit" loading={saving}>
            {saving ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
