import { INVALID_USER_ID } from '../shared/http/uuid-param.pipe.js';

/**
 * The profile form's limits (spec section 5 and 9), shared by the DTO and its tests so the server
 * enforces exactly what the client promises.
 */
export const ProfileRules = {
  cityMaxLength: 80,
  /** A two-capital-letter state, as in 'Austin, TX'. */
  statePattern: /^[A-Z]{2}$/,
  minAge: 18,
  maxAge: 120,
  educationMaxLength: 120,
  jobTitleMaxLength: 120,
  bioMaxLength: 300,
} as const;

export const ProfileMessages = {
  location: 'Please use “City, ST” (e.g., Austin, TX).',
  age: `Age must be a whole number from ${ProfileRules.minAge} to ${ProfileRules.maxAge}`,
  gender: 'Gender must be male or female',
  preferredSex: 'Preferred sex must be male or female',
  education: `Major/Degree must be at most ${ProfileRules.educationMaxLength} characters`,
  jobTitle: `Instagram profile must be at most ${ProfileRules.jobTitleMaxLength} characters`,
  bio: `Your answer about love must be at most ${ProfileRules.bioMaxLength} characters`,
  userId: INVALID_USER_ID,
} as const;
