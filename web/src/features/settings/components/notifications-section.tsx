import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import {
  updateNotificationSettings,
  useNotificationSettings,
  type NotificationSettings,
} from '../api/notifications';
import { SettingsSection } from './settings-section';

const OPTIONS: { key: keyof NotificationSettings; label: string }[] = [
  { key: 'mutual', label: "Email me when it's mutual" },
  { key: 'messages', label: 'Email me about new messages' },
];

/**
 * Which mails the member gets. A change is saved at once; if the server refuses, the box goes back to what is
 * stored.
 */
export function NotificationsSection() {
  const query = useNotificationSettings();
  // What the member set here, on top of what was loaded.
  const [saved, setSaved] = useState<NotificationSettings | null>(null);
  const [pending, setPending] = useState<keyof NotificationSettings | null>(null);
  const current = saved ?? (query.status === 'ready' ? query.data : null);

  async function toggle(key: keyof NotificationSettings, value: boolean) {
    if (!current) return;
    const before = current;
    const next = { ...current, [key]: value };
    setSaved(next);
    setPending(key);
    try {
      setSaved(await updateNotificationSettings(next));
    } catch {
      setSaved(before);
      toast.error('Could not save your choice', 'Please try again.');
    } finally {
      setPending(null);
    }
  }

  return (
    <SettingsSection
      title="Notifications"
      description="What we email you about. A mail never includes what anyone wrote to you."
    >
      {query.status === 'loading' && <Spinner label="Loading notification settings" />}
      {query.status === 'error' && (
        <div className="settings__row">
          <p className="text-muted">Could not load your notification settings.</p>
          <Button variant="secondary" size="sm" onClick={query.retry}>
            Try again
          </Button>
        </div>
      )}
      {current && (
        <div className="settings__checks">
          {OPTIONS.map((option) => (
            <label key={option.key} className="checkbox">
              <input
                type="checkbox"
                checked={current[option.key]}
                aria-busy={pending === option.key || undefined}
                onChange={(event) => void toggle(option.key, event.target.checked)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      )}
    </SettingsSection>
  );
}
