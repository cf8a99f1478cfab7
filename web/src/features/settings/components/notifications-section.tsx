import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { useAction } from '@/lib/query/use-action';
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
 * Which mails the member gets. A change is saved at once (offline: once back online, and the section says
 * so); if the server refuses, the box goes back to what is stored.
 */
export function NotificationsSection() {
  const { auth } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.notificationSettings(auth?.id ?? '');
  const query = useNotificationSettings();
  const current = query.status === 'ready' ? query.data : null;
  // The box shows the member's choice at once; the server's answer (or, on a refusal, what was stored) follows.
  const save = useAction({
    run: ({
      next,
    }: {
      next: NotificationSettings;
      before: NotificationSettings;
      key: keyof NotificationSettings;
    }) => updateNotificationSettings(next),
    failure: 'Could not save your choice',
    onSuccess: (stored) => queryClient.setQueryData(queryKey, stored),
    onError: ({ before }) => queryClient.setQueryData(queryKey, before),
  });
  const pending = save.isPending ? save.variables.key : null;

  function toggle(key: keyof NotificationSettings, value: boolean) {
    if (!current) return;
    const next = { ...current, [key]: value };
    queryClient.setQueryData(queryKey, next);
    save.mutate({ next, before: current, key });
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
                onChange={(event) => toggle(option.key, event.target.checked)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      )}
      {/* Offline, the change waits to be sent: the box shows the choice, this says it is not stored yet. */}
      <p className="text-muted text-small" role="status">
        {save.isPaused ? "You're offline: your choice is saved once you're back online." : ''}
      </p>
    </SettingsSection>
  );
}
