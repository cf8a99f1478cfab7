import { imageUrlOf } from '../../../profiles/index.js';
import type { Tier } from '../../domain/tiers.js';
import type { MatchCardRow } from '../../match-sets/match-set.repository.js';

/** One card of POST /match/new: the spec's {name, compatibility} plus the profile fields the card shows. */
export interface MatchCardView {
  name: string;
  compatibility: { id: string; percent: number; summary: string };
  profile: {
    city: string | null;
    state: string | null;
    age: number | null;
    gender: string | null;
    education: string | null;
    jobTitle: string | null;
    bio: string | null;
    imageUrl: string | null;
  };
}

/** {best, medium, worst}; a tier is absent when there were too few candidates, `{}` for an empty set. */
export type MatchSetView = Partial<Record<Tier, MatchCardView>>;

const ORDER: Tier[] = ['best', 'medium', 'worst'];

export function toMatchSetView(rows: MatchCardRow[]): MatchSetView {
  const view: MatchSetView = {};
  for (const tier of ORDER) {
    const row = rows.find((r) => r.tier === tier);
    if (!row) continue;
    view[tier] = {
      name: row.name,
      compatibility: { id: row.candidateId, percent: row.percent, summary: row.summary },
      profile: {
        city: row.city,
        state: row.state,
        age: row.age,
        gender: row.gender,
        education: row.education,
        jobTitle: row.jobTitle,
        bio: row.bio,
        imageUrl: row.hasImage ? imageUrlOf(row.candidateId) : null,
      },
    };
  }
  return view;
}
