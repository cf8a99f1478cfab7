import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad } from '@/lib/query/use-load';
import type { Interest } from './express-interest';

const matchSchema = z.object({
  name: z.string(),
  compatibility: z.object({
    id: z.string(),
    percent: z.number(),
    summary: z.string(),
  }),
  profile: z.object({
    city: z.nullish(z.string()),
    state: z.nullish(z.string()),
    age: z.nullish(z.number()),
    gender: z.nullish(z.string()),
    education: z.nullish(z.string()),
    jobTitle: z.nullish(z.string()),
    bio: z.nullish(z.string()),
    imageUrl: z.nullish(z.string()),
  }),
  /** The member's 'I'm interested' on this card; `connectionId` once it is mutual. */
  interest: z.optional(z.enum(['none', 'sent', 'mutual'])),
  connectionId: z.nullish(z.string()),
});

const matchesSchema = z.object({
  best: z.nullish(matchSchema),
  medium: z.nullish(matchSchema),
  worst: z.nullish(matchSchema),
});

export type Match = z.infer<typeof matchSchema>;
export type MatchTier = 'best' | 'medium' | 'worst';
export type TieredMatch = Match & { tier: MatchTier };

const TIERS: MatchTier[] = ['best', 'medium', 'worst'];

/** POST /match/new — today's set, best first; a tier is absent when there were not enough candidates. */
export async function requestMatches(userId: string, signal?: AbortSignal): Promise<TieredMatch[]> {
  const body = matchesSchema.parse(await api.post<unknown>('/match/new', { userId }, { signal }));
  return TIERS.flatMap((tier) => {
    const match = body[tier];
    return match ? [{ ...match, tier }] : [];
  });
}

/** What the user still has to do before matching (the server's 404 `error` code). */
export type MissingStep = 'quiz' | 'profile';

function missingStep(error: unknown): MissingStep | null {
  if (!(error instanceof ApiError) || error.status !== 404) return null;
  // The server's reason code, never the message text (which is for people and may change).
  if (error.error === 'no quiz') return 'quiz';
  if (error.error === 'no profile') return 'profile';
  return null;
}

type MatchesAnswer = { status: 'ready'; matches: TieredMatch[] } | { status: 'missing'; step: MissingStep };

export type MatchesQuery =
  | { status: 'loading' }
  | MatchesAnswer
  /** Any other failure: no cards (spec §8 empties the list), and a way to ask again. */
  | { status: 'error'; error: unknown; retry(): void };

export function useMatches(userId: string): MatchesQuery {
  const request = useLoad(
    queryKeys.matches(userId),
    (signal) =>
      requestMatches(userId, signal).then(
        (matches): MatchesAnswer => {
          // An answer (even an empty one) means the quiz is done: home marks the step.
          storage.markQuizDone(userId);
          return { status: 'ready', matches };
        },
        (error: unknown): MatchesAnswer => {
          const step = missingStep(error);
          if (step) return { status: 'missing', step };
          throw error;
        },
      ),
    // Asked for again on every visit, as the set may have been made since (or the quiz taken meanwhile).
    { gcTime: 0 },
  );
  return request.status === 'ready' ? request.data : request;
}

/**
 * Changes today's cards where they are cached: a card that leaves (blocked, reported, gone), or the member's
 * interest in one (from their answer or from the socket).
 */
export function useMatchesCache(userId: string) {
  const queryClient = useQueryClient();
  const change = (edit: (matches: TieredMatch[]) => TieredMatch[]) =>
    queryClient.setQueryData<MatchesAnswer>(queryKeys.matches(userId), (answer) =>
      answer?.status === 'ready' ? { ...answer, matches: edit(answer.matches) } : answer,
    );
  return {
    remove: (otherId: string) =>
      change((matches) => matches.filter((match) => match.compatibility.id !== otherId)),
    setInterest: (otherId: string, interest: Interest, connectionId: string | null) =>
      change((matches) =>
        matches.map((match) =>
          match.compatibility.id === otherId ? { ...match, interest, connectionId } : match,
        ),
      ),
  };
}
