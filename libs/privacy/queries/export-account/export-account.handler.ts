import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { UserRepository } from '../../../accounts/index.js';
import { ConnectionRepository, MessageRepository } from '../../../connections/index.js';
import { FetchImageQuery } from '../../../images/index.js';
import { MatchHistory } from '../../../matching/index.js';
import { GetProfileQuery } from '../../../profiles/index.js';
import { QUESTIONS, answerText } from '../../../quiz/index.js';
import { QuizResponseRepository } from '../../../quiz/index.js';
import { ListBlocksQuery } from '../../../safety/index.js';
import { BlockRepository, ReportRepository } from '../../../safety/index.js';
import { ActiveAccounts } from '../../../shared/auth/active-accounts.port.js';
import { GetWaitlistStandingQuery } from '../../../waitlist/index.js';
import { DomainError } from '../../../shared/domain-error.js';
import type { AccountExport } from './account-export.js';
import { ExportAccountQuery } from './export-account.query.js';

/** Gathers the person's data from each context through what that context offers others. */
@QueryHandler(ExportAccountQuery)
export class ExportAccountHandler implements IQueryHandler<ExportAccountQuery> {
  constructor(
    private readonly orm: MikroORM,
    private readonly queries: QueryBus,
    private readonly users: UserRepository,
    private readonly quiz: QuizResponseRepository,
    private readonly matches: MatchHistory,
    private readonly reports: ReportRepository,
    private readonly blocks: BlockRepository,
    private readonly accounts: ActiveAccounts,
    private readonly connections: ConnectionRepository,
    private readonly messages: MessageRepository,
  ) {}

  /** The member's connections (with whom, since when) and the messages they sent (what, when, to whom). */
  private async conversations(userId: string) {
    const em = this.orm.em.fork();
    const [summaries, sent] = await Promise.all([
      this.connections.summariesOf(em, userId),
      this.messages.sentBy(em, userId),
    ]);
    const names = await this.users.namesOf(
      [...summaries.map((c) => c.otherId), ...sent.map((m) => m.toId)],
      em,
    );
    return {
      connections: summaries.map((c) => ({ name: names.get(c.otherId) ?? '', connectedAt: c.connectedAt })),
      messages: sent.map((m) => ({ text: m.text, sentAt: m.sentAt, to: names.get(m.toId) ?? '' })),
    };
  }

  /**
   * Every pick with the summary the person was shown (none for a card never opened: the export writes nothing
   * from someone else's answers), leaving out whoever is no longer there for them, as their cards do: a block
   * either way, a suspension.
   */
  private async matchHistory(userId: string) {
    const em = this.orm.em.fork();
    const picks = await this.matches.historyOf(em, userId);
    const ids = [...new Set(picks.map((pick) => pick.candidateId))];
    const [blocked, active] = await Promise.all([
      this.blocks.blockedEitherWay(em, userId, ids),
      this.accounts.activeAmong(ids),
    ]);
    return picks
      .filter((pick) => active.has(pick.candidateId) && !blocked.has(pick.candidateId))
      .map(({ day, tier, name, percent, summary }) => ({ day, tier, name, percent, summary }));
  }

  async execute({ userId }: ExportAccountQuery): Promise<AccountExport> {
    const em = this.orm.em.fork();
    const user = await this.users.findById(userId, em);
    if (!user)
      throw new DomainError(
        'unauthenticated',
        'no-session',
        'Your session has expired. Please sign in again.',
      );
    const [profile, choices, matches, waitlist, blocks, reports, photo, conversations] = await Promise.all([
      orNull(this.queries.execute(new GetProfileQuery(userId, userId))),
      this.quiz.findChoices(this.orm.em.fork(), userId),
      this.matchHistory(userId),
      this.queries.execute(new GetWaitlistStandingQuery(userId)),
      this.queries.execute(new ListBlocksQuery(userId)),
      this.reports.madeBy(this.orm.em.fork(), userId),
      orNull(this.queries.execute(new FetchImageQuery(userId, userId, undefined))),
      this.conversations(userId),
    ]);
    return {
      exportedAt: new Date().toISOString(),
      account: {
        id: user.id,
        name: user.name,
        email: user.email,
        verified: user.verified,
        createdAt: user.createdAt.toISOString(),
      },
      profile,
      quiz:
        choices &&
        QUESTIONS.map((question, i) => ({
          question: question.text,
          answer: answerText(question.id, choices[i]!),
        })),
      matches,
      waitlist,
      blocks,
      reports: reports.map((report) => ({
        name: report.reportedName,
        reason: report.reason,
        note: report.note,
        status: report.status,
        createdAt: report.createdAt,
      })),
      connections: conversations.connections,
      messages: conversations.messages,
      photo:
        photo && !photo.notModified
          ? `data:${photo.contentType};base64,${photo.data.toString('base64')}`
          : null,
    };
  }
}

/** "Nothing there" (no profile, no photo yet) is a null in the export, not a failure. */
async function orNull<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') return null;
    throw error;
  }
}
