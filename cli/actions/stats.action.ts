import { MikroORM } from '@mikro-orm/core';
import { UserRepository } from '../../libs/accounts/index.js';
import { ConnectionRepository } from '../../libs/connections/index.js';
import { UserImageRepository } from '../../libs/images/index.js';
import { calendarDay, MatchingOperations } from '../../libs/matching/index.js';
import { Outbox } from '../../libs/messaging/outbox.js';
import { ProfileRepository } from '../../libs/profiles/index.js';
import { QuizResponseRepository } from '../../libs/quiz/index.js';
import type { CliContext } from '../context/cli-context.js';
import type { Output } from '../ui/output.js';

export interface Stats {
  database: string;
  day: string;
  users: number;
  verified: number;
  profiles: number;
  photos: number;
  quizzes: number;
  personalityVectors: number;
  setsToday: number;
  emptySetsToday: number;
  /** Matchable users (verified, profile, processed quiz) without a set today. */
  awaitingSetToday: number;
  /** One-sided interest (mutual interest is a connection), declined ones included. */
  interests: number;
  /** Of those, the ones their target answered with "Not for me". */
  interestsDeclined: number;
  connections: number;
  messages: number;
  outboxPending: number;
}

/** Counts across the contexts, each asked through its public read. */
export async function statsAction(
  context: CliContext,
  options: { json?: boolean },
  out: Output,
): Promise<Stats> {
  const day = calendarDay(new Date(), context.config.timeZone);
  const em = context.app.get(MikroORM).em.fork();
  const get = <T>(type: new (...args: never[]) => T) => context.app.get(type, { strict: false });
  const matching = get(MatchingOperations);
  const [accounts, profiles, photos, quizzes, vectors, dayFigures, connections, outbox] = await Promise.all([
    get(UserRepository).counts(em),
    get(ProfileRepository).count(em),
    get(UserImageRepository).count(em),
    get(QuizResponseRepository).count(em),
    matching.personalityVectorCount(),
    matching.dayFigures(day),
    get(ConnectionRepository).totals(em),
    get(Outbox).backlog(em),
  ]);
  const stats: Stats = {
    database: context.database,
    day,
    users: accounts.accounts,
    verified: accounts.verified,
    profiles,
    photos,
    quizzes,
    personalityVectors: vectors,
    setsToday: dayFigures.sets,
    emptySetsToday: dayFigures.empty,
    awaitingSetToday: dayFigures.withoutSet,
    ...connections,
    outboxPending: outbox.pending,
  };
  if (options.json) {
    out.json(stats);
    return stats;
  }
  out.line(`${stats.database}, today ${stats.day} (${context.config.timeZone})`);
  out.line(`  users               ${stats.users}`);
  out.line(`  verified            ${stats.verified}`);
  out.line(`  profiles            ${stats.profiles} (${stats.photos} with a photo)`);
  out.line(`  quizzes             ${stats.quizzes} (${stats.personalityVectors} personality vectors)`);
  out.line(
    `  sets today          ${stats.setsToday} (${stats.emptySetsToday} empty; ${stats.awaitingSetToday} matchable users still without one)`,
  );
  out.line(`  interest            ${stats.interests} one-sided (${stats.interestsDeclined} declined)`);
  out.line(`  connections         ${stats.connections} (${stats.messages} messages)`);
  out.line(`  outbox pending      ${stats.outboxPending}`);
  return stats;
}
