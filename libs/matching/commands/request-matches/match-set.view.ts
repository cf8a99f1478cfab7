import type { Tier } from '../../domain/tiers.js';
import type { MatchCard } from './match-cards.js';

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
  /** The asker's "I'm interested" on this card: none yet, sent (one-sided), or mutual (with its conversation). */
  interest: 'none' | 'sent' | 'mutual';
  connectionId?: string;
}

/** {best, medium, worst}; a tier is absent when there were too few candidates, `{}` for an empty set. */
export type MatchSetView = Partial<Record<Tier, MatchCardView>>;

const ORDER: Tier[] = ['best', 'medium', 'worst'];

export function toMatchSetView(cards: MatchCard[]): MatchSetView {
  const view: MatchSetView = {};
  for (const tier of ORDER) {
    const card = cards.find((c) => c.tier === tier);
    if (!card) continue;
    const { name, city, state, age, gender, education, jobTitle, bio, imageUrl } = card.profile;
    view[tier] = {
      name,
      compatibility: { id: card.candidateId, percent: card.percent, summary: card.summary },
      profile: { city, state, age, gender, education, jobTitle, bio, imageUrl },
      ...interestOf(card),
    };
  }
  return view;
}

function interestOf(card: MatchCard): Pick<MatchCardView, 'interest' | 'connectionId'> {
  if (card.pair?.connectionId) return { interest: 'mutual', connectionId: card.pair.connectionId };
  return { interest: card.pair?.interested ? 'sent' : 'none' };
}
