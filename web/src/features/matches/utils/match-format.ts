import type { MatchTier } from '../api/request-matches';

export type PercentTone = 'success' | 'warning' | 'rose';

/** Spec §2: green at 90 or more, amber from 60 to 89, rose below 60 — judged on the percent as shown. */
export function percentTone(percent: number): PercentTone {
  const shown = Math.round(percent);
  if (shown >= 90) return 'success';
  if (shown >= 60) return 'warning';
  return 'rose';
}

/** The spec names the tiers (best, medium, worst) but fixes no badge text: the third one is put kindly. */
export const TIER_LABELS: Record<MatchTier, string> = {
  best: 'Best match',
  medium: 'Medium match',
  worst: 'Wild card',
};

export function formatLocation(city?: string | null, state?: string | null): string | null {
  if (city && state) return `${city}, ${state}`;
  return city || state || null;
}

export function capitalize(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
