import { z } from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad, type LoadState } from '@/lib/query/use-load';

const sexSchema = z.enum(['male', 'female']);

export const profileSchema = z.object({
  id: z.string(),
  name: z.nullish(z.string()),
  city: z.nullish(z.string()),
  state: z.nullish(z.string()),
  age: z.nullish(z.number()),
  gender: z.nullish(sexSchema),
  preferredSex: z.nullish(sexSchema),
  education: z.nullish(z.string()),
  jobTitle: z.nullish(z.string()),
  bio: z.nullish(z.string()),
  imageUrl: z.nullish(z.string()),
});

export type Profile = z.infer<typeof profileSchema>;

/** GET /user/getProfile/{id}; `null` when the user has not created a profile yet (404). */
export async function getProfile(id: string, signal?: AbortSignal): Promise<Profile | null> {
  try {
    return profileSchema.parse(
      await api.get<unknown>(`/user/getProfile/${encodeURIComponent(id)}`, { signal }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The member's profile, `null` before they made one. */
export function useProfile(id: string): LoadState<Profile | null> {
  return useLoad(queryKeys.profile(id), (signal) => getProfile(id, signal));
}
