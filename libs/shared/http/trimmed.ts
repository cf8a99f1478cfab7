import { Transform } from 'class-transformer';

/** A text field taken without the spaces around it (a non-string is left for the validators to refuse). */
export const Trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
