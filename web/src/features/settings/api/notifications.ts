import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad } from '@/lib/query/use-load';

const settingsSchema = z.object({ mutual: z.boolean(), messages: z.boolean() });
export type NotificationSettings = z.infer<typeof settingsSchema>;

/** GET /account/notifications: which mails the member wants (both on by default). */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return settingsSchema.parse(await api.get<unknown>('/account/notifications', { signal }));
}

/** PATCH /account/notifications: answers with the settings as stored. */
export async function updateNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return settingsSchema.parse(await api.patch<unknown>('/account/notifications', settings));
}

export function useNotificationSettings() {
  const { auth } = useAuth();
  return useLoad(queryKeys.notificationSettings(auth?.id ?? ''), getNotificationSettings);
}
