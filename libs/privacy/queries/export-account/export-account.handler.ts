import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { UserRepository } from '../../../accounts/index.js';
import { FetchImageQuery } from '../../../images/index.js';
import { MatchSetRepository, PickSummaries } from '../../../matching/index.js';
import { GetProfileQuery } from '../../../profiles/index.js';
import { QUESTIONS, answerText } from '../../../quiz/index.js';
import { QuizResponseRepository } from '../../../quiz/index.js';
import { ListBlocksQuery } from '../../../safety/index.js';
import { ReportRepository } from '../../../safety/index.js';
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
    private readonly matches: MatchSetRepository,
    private readonly summaries: PickSummaries,
    private readonly reports: ReportRepository,
  ) {}

  /** Every pick with its summary: those never opened get theirs written now, as on a first view. */
  private async matchHistory(userId: string) {
    const em = this.orm.em.fork();
    await this.summaries.fill(em, userId);
    return this.matches.historyOf(em, userId);
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
    const [profile, choices, matches, waitlist, blocks, reports, photo] = await Promise.all([
      orNull(this.queries.execute(new GetProfileQuery(userId, userId))),
      this.quiz.findChoices(this.orm.em.fork(), userId),
      this.matchHistory(userId),
      this.queries.execute(new GetWaitlistStandingQuery(userId)),
      this.queries.execute(new ListBlocksQuery(userId)),
      this.reports.madeBy(this.orm.em.fork(), userId),
      orNull(this.queries.execute(new FetchImageQuery(userId, userId, undefined))),
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
