import type { Sex } from './profile.entity.js';

/** The fields a user edits on the Create Profile page. */
export interface ProfileFields {
  city: string;
  state: string;
  age: number;
  gender: Sex;
  preferredSex: Sex;
  education: string;
  jobTitle: string;
  bio: string;
}

/** A profile as the API shows it (getProfile, setProfile, match cards). */
export interface ProfileView extends ProfileFields {
  id: string;
  name: string;
  /** Fetched with the bearer token (the SPA shows it as a blob URL); null when the user has no photo. */
  imageUrl: string | null;
}

export function imageUrlOf(userId: string): string {
  return `/api/image/fetch/${userId}`;
}
