import { api } from '@/lib/api-client';

export type Sex = 'male' | 'female';

export type SetProfileInput = {
  id: string;
  city: string;
  state: string;
  age: number;
  gender: Sex;
  preferredSex: Sex;
  education: string;
  jobTitle: string;
  bio: string;
};

/** POST /user/setProfile — creates or replaces the signed-in user's profile. */
export function setProfile(input: SetProfileInput): Promise<unknown> {
  return api.post<unknown>('/user/setProfile', input);
}
