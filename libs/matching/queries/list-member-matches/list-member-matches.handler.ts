import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { MatchCards } from '../../commands/request-matches/match-cards.js';
import { MatchSetRepository } from '../../storage/match-set.repository.js';
import { PickSummaries } from '../../summaries/pick-summaries.js';
import { ListMemberMatchesQuery, type MemberMatches } from './list-member-matches.query.js';

/**
 * The picks the member's cards show now (candidates no longer there left out), with their summaries written
 * as the member's first read writes them. It never makes a set.
 */
@QueryHandler(ListMemberMatchesQuery)
export class ListMemberMatchesHandler implements IQueryHandler<ListMemberMatchesQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly sets: MatchSetRepository,
    private readonly summaries: PickSummaries,
    private readonly cards: MatchCards,
  ) {}

  async execute({ userId, day }: ListMemberMatchesQuery): Promise<MemberMatches> {
    const em = this.orm.em.fork();
    if (!(await this.sets.hasSet(em, userId, day))) return { hasSet: false, picks: [] };
    await this.summaries.fill(em, userId, day);
    const cards = await this.cards.of(em, userId, await this.sets.picksOf(em, userId, day));
    return {
      hasSet: true,
      picks: cards.map((card) => ({
        tier: card.tier,
        percent: card.percent,
        candidateId: card.candidateId,
        name: card.profile.name,
        summary: card.summary,
      })),
    };
  }
}
