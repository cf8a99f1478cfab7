import type { Profile } from '../api/get-profile';
import type { SetProfileInput, Sex } from '../api/set-profile';

export const MIN_AGE = 18;
export const MAX_AGE = 120;
export const LOCATION_MESSAGE = 'Please use “City, ST” (e.g., Austin, TX).';

/** A city without commas, a comma and one space, then a two-letter capitalised state code. */
const LOCATION_PATTERN = /^([^,]+), ([A-Z]{2})$/;

export type ProfileFormValues = {
  location: string;
  age: string;
  gender: Sex | '';
  preferredSex: Sex | '';
  education: string;
  jobTitle: string;
  bio: string;
};

export const emptyProfileForm: ProfileFormValues = {
  location: '',
  age: '',
  gender: '',
  preferredSex: '',
  education: '',
  jobTitle: '',
  bio: '',
};

export function parseLocation(input: string): { city: string; state: string } | null {
  const match = LOCATION_PATTERN.exec(input.trim());
  if (!match) return null;
  const city = match[1]!.trim();
  return city ? { city, state: match[2]! } : null;
}

/** Whole years only; anything else (empty, decimals, text) counts as no age. */
export function parseAge(input: string): number | null {
  if (!/^\s*\d+\s*$/.test(input)) return null;
  return Number(input);
}

export function ageError(input: string): string | null {
  if (input.trim() === '') return null;
  const age = parseAge(input);
  if (age === null) return 'Please enter your age in whole years.';
  if (age < MIN_AGE) return 'You must be 18 or older to use Fated.';
  if (age > MAX_AGE) return 'Please enter an age between 18 and 120.';
  return null;
}

export function canSave(values: ProfileFormValues): boolean {
  const age = parseAge(values.age);
  return (
    parseLocation(values.location) !== null &&
    age !== null &&
    age >= MIN_AGE &&
    age <= MAX_AGE &&
    values.gender !== '' &&
    values.preferredSex !== ''
  );
}

export function toFormValues(profile: Profile | null): ProfileFormValues {
  if (!profile) return emptyProfileForm;
  return {
    location: profile.city && profile.state ? `${profile.city}, ${profile.state}` : (profile.city ?? ''),
    age: profile.age != null ? String(profile.age) : '',
    gender: profile.gender ?? '',
    preferredSex: profile.preferredSex ?? '',
    education: profile.education ?? '',
    jobTitle: profile.jobTitle ?? '',
    bio: profile.bio ?? '',
  };
}

/** Only call once `canSave(values)` holds. */
export function toSetProfileInput(id: string, values: ProfileFormValues): SetProfileInput {
  const location = parseLocation(values.location);
  const age = parseAge(values.age);
  if (!location || age === null || !values.gender || !values.preferredSex) {
    throw new Error('The profile form is incomplete');
  }
  return {
    id,
    city: location.city,
    state: location.state,
    age,
    gender: values.gender,
    preferredSex: values.preferredSex,
    education: values.education.trim(),
    jobTitle: values.jobTitle.trim(),
    bio: values.bio.trim(),
  };
}
