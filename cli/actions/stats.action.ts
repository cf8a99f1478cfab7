import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DailyMatchRun } from '../../libs/matching/daily-run/daily-match-run.js';
import { DailyMatchRunRepository } from '../../libs/matching/daily-run/daily-match-run.repository.js';
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

/** Counts across the contexts, read-only. */
export async function statsAction(
  context: CliContext,
  options: { json?: boolean },
  out: Output,
): Promise<Stats> {
  const day = context.app.get(DailyMatchRun, { strict: false }).today();
  const em = context.app.get(MikroORM).em.fork() as SqlEntityManager;
  const [row] = await em.getConnection().execute<Record<string, number | string>[]>(
    `select (select count(*) from app_user) as users,
            (select count(*) from app_user where email_verified_at is not null) as verified,
            (select count(*) from profile) as profiles,
            (select count(*) from user_image) as photos,
            (select count(*) from quiz_response) as quizzes,
            (select count(*) from personality_vector) as vectors,
            (select count(*) from match_set where day = ?::date) as sets_today,
            (select count(*) from match_set where day = ?::date and pick_count = 0) as empty_today,
            (select count(*) from interest) as interests,
            (select count(*) from interest where declined_at is not null) as interests_declined,
            (select count(*) from connection) as connections,
            (select count(*) from message) as messages,
            (select count(*) from outbox_message where published_at is null) as outbox_pending`,
    [day, day],
  );
  const awaiting = await context.app.get(DailyMatchRunRepository, { strict: false }).usersWithoutSet(em, day);
  const n = (key: string) => Number(row?.[key] ?? 0);
  const stats: Stats = {
    database: context.database,
    day,
    users: n('users'),
    verified: n('verified'),
    profiles: n('profiles'),
    photos: n('photos'),
    quizzes: n('quizzes'),
    personalityVectors: n('vectors'),
    setsToday: n('sets_today'),
    emptySetsToday: n('empty_today'),
    awaitingSetToday: awaiting.length,
    interests: n('interests'),
    interestsDeclined: n('interests_declined'),
    connections: n('connections'),
    messages: n('messages'),
    outboxPending: n('outbox_pending'),
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
