import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { AppConfig } from '../../../config/app-config.js';
import { calendarDay, isCalendarDay } from '../../domain/calendar-day.js';
import { unmatchableBecause, type Unmatchable } from '../../domain/eligibility.js';
import { MatchSetGenerator } from '../../generation/match-set-generator.js';
import { MatchSetRepository, type StoredPick } from '../../storage/match-set.repository.js';
import { PickSummaries } from '../../summaries/pick-summaries.js';
import { MatchingErrors } from '../../matching-errors.js';
import { PersonalityVectorRepository } from '../../personality/personality-vector.repository.js';
import { PersonalityVectors } from '../../personality/personality-vectors.js';
import { CandidatePools } from '../../pool/candidate-pools.js';
import { MatchCards } from './match-cards.js';
import { Requester } from './requester.js';
import { toMatchSetView, type MatchSetView } from './match-set.view.js';
import { RequestMatchesCommand } from './request-matches.command.js';

/** The answer to a requester who cannot be matched, by the rule they miss. */
const REFUSALS: Record<Unmatchable, () => Error> = {
  unverified: MatchingErrors.notVerified,
  suspended: MatchingErrors.notVerified,
  noProfile: MatchingErrors.noProfile,
  noQuiz: MatchingErrors.noQuiz,
};

/** A pool loaded for an earlier request is reused for this long. */
const POOL_MAX_AGE_MS = 60_000;

@CommandHandler(RequestMatchesCommand)
export class RequestMatchesHandler implements ICommandHandler<RequestMatchesCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
    private readonly sets: MatchSetRepository,
    private readonly generator: MatchSetGenerator,
    private readonly pools: CandidatePools,
    private readonly personality: PersonalityVectors,
    private readonly vectors: PersonalityVectorRepository,
    private readonly summaries: PickSummaries,
    private readonly requester: Requester,
    private readonly cards: MatchCards,
  ) {}

  async execute(command: RequestMatchesCommand): Promise<MatchSetView> {
    const { userId } = command;
    if (command.day !== undefined && !isCalendarDay(command.day))
      throw MatchingErrors.invalidDay(command.day);
    const day = command.day ?? calendarDay(new Date(), this.config.timeZone);
    // A set of the day is the common case: its owner was eligible when it was made, and nothing that made
    // them so can be undone (a deleted or suspended account has no valid token), so it is read at once.
    // Its reads are plain reads by key on the global manager's connection: no fork, no identity map.
    const stored = await this.sets.setOf(this.orm.em, userId, day);
    const keptPromise = stored.set?.pickCount === 0 && stored.set.promiseSince;
    if (stored.set && !keptPromise) return this.view(this.orm.em, userId, day, stored.picks);

    const em = this.orm.em.fork();

    const requester = await this.requester.facts(em, userId);
    // Rule 1 of domain/eligibility.ts on the owners' facts. Suspension is not asked here: a suspended
    // account has no valid token, and the pool (the read model) leaves it out.
    const missing = unmatchableBecause({
      verified: Boolean(requester.user?.emailVerifiedAt),
      suspended: false,
      gender: requester.profile?.gender ?? null,
      preferredSex: requester.profile?.preferredSex ?? null,
      answered: requester.quiz !== null,
    });
    if (missing) throw REFUSALS[missing]();
    // The quiz event may still be on its way to the matcher: never match on stale answers.
    await this.requester.catchUp(em, requester);
    if (!(await this.vectors.isCurrent(em, userId, undefined))) {
      const vectors = await this.personality.prepare([userId], { waitForModel: false });
      await this.orm.em.fork().transactional((tx) => this.personality.save(tx, vectors));
    }
    // A newcomer announced by mail must be in the pool, so that case reads it fresh.
    const pool = await this.pools.get(keptPromise ? 0 : POOL_MAX_AGE_MS);
    await this.pools.refreshMembers(pool, [userId]);
    await this.generator.generate(day, [userId], { pool, refillPromisedEmpty: true });
    return this.view(em, userId, day, (await this.sets.setOf(em, userId, day)).picks);
  }

  /** The cards, with summaries written the first time they are read. */
  private async view(
    em: EntityManager,
    userId: string,
    day: string,
    picks: StoredPick[],
  ): Promise<MatchSetView> {
    if (picks.some((pick) => pick.summary === '')) {
      await this.summaries.fill(em, userId, day);
      picks = await this.sets.picksOf(em, userId, day);
    }
    return toMatchSetView(await this.cards.of(em, userId, picks));
  }
}
