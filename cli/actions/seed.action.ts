import { PasswordHasher } from '../../libs/accounts/index.js';
import type { CliContext } from '../context/cli-context.js';
import { EventSettler } from '../context/event-settler.js';
import { BULK_BATCH, BulkSeeder } from '../seed/bulk-seeder.js';
import { CommandSeeder, type SeedResult } from '../seed/command-seeder.js';
import { ConnectionSeeder, type ConnectionSeedReport } from '../seed/connection-seeder.js';
import { hashSeedPasswordOnce } from '../seed/seed-password.js';
import { generateSeedUser, type SeedStage, type SeedUser } from '../seed/seed-user-generator.js';
import type { Output } from '../ui/output.js';
import { startProgress } from '../ui/progress.js';

export interface SeedOptions {
  users: number;
  /** Everyone verified with a profile and quiz; otherwise a realistic sign-up funnel. */
  verified: boolean;
  seed: number;
  avatars: boolean;
  /** One transaction per batch instead of the per-user commands. */
  bulk: boolean;
  password: string;
  /** Mutual pairs to connect among the seeded people, each with a few messages (at most users / 2). */
  connections?: number;
  /** Draw a progress bar (the command does; tests and the benchmark do not). */
  progress?: boolean;
}

export interface SeedReport {
  created: number;
  /** Time the matcher's consumers (in this process) needed afterwards to process the sign-up events. */
  settleMs: number;
  existing: number;
  /** The created people by stage (the ones already there keep what they had). */
  stages: Record<SeedStage, number>;
  /** The first complete created user, to sign in as (undefined when none is). */
  example: { index: number; email: string; name: string } | undefined;
  ms: number;
  /** What --connections made (undefined without it). */
  connections?: ConnectionSeedReport;
}

/** Users in flight at once on the per-user path: PGlite runs one statement at a time anyway. */
const CONCURRENCY = { pglite: 1, postgres: 6 };

export async function seedAction(
  context: CliContext,
  options: SeedOptions,
  out: Output,
): Promise<SeedReport> {
  const started = performance.now();
  const report: SeedReport = {
    created: 0,
    settleMs: 0,
    existing: 0,
    stages: { registered: 0, verified: 0, profiled: 0, complete: 0 },
    example: undefined,
    ms: 0,
  };
  const progress = options.progress ? startProgress('Seeding', options.users) : undefined;
  const seeders = { seed: options.seed, password: options.password, avatars: options.avatars };
  try {
    if (options.bulk) {
      const seeder = new BulkSeeder(context.app, seeders);
      for (let start = 0; start < options.users; start += BULK_BATCH) {
        const batch = range(start, Math.min(options.users, start + BULK_BATCH)).map((index) =>
          generate(options, index),
        );
        const { created, existing, fresh } = await seeder.seedBatch(batch);
        report.created += created;
        report.existing += existing;
        for (const user of fresh) note(report, user);
        progress?.increment(batch.length);
      }
    } else {
      await hashSeedPasswordOnce(context.app.get(PasswordHasher, { strict: false }), options.password);
      const seeder = new CommandSeeder(context.app, seeders);
      const concurrency = CONCURRENCY[context.config.database.kind];
      await forEachConcurrently(options.users, concurrency, async (index) => {
        const user = generate(options, index);
        const result: SeedResult = await seeder.seed(user);
        report[result]++;
        if (result === 'created') note(report, user);
        progress?.increment();
      });
    }
  } finally {
    progress?.stop();
  }
  report.ms = Math.round(performance.now() - started);
  // The sign-up events are relayed as users are created; their consumers (personality vectors, the
  // empty-state promise) may still be busy. Waiting here keeps the figures honest and the output last.
  const settling = performance.now();
  await settleWithProgress(context.app.get(EventSettler), options.progress ?? false);
  report.settleMs = Math.round(performance.now() - settling);
  if (options.connections) {
    // After the settling: the people's personality vectors exist, so their sets of today can be made.
    report.connections = await new ConnectionSeeder(context.app, { seed: options.seed }).connect(
      people(options),
      options.connections,
    );
    await context.app.get(EventSettler).settle();
  }
  printReport(context, options, report, out);
  return report;
}

/** The seed's people in order, generated as they are read (the first ones usually suffice). */
function* people(options: SeedOptions): Generator<SeedUser> {
  for (let index = 0; index < options.users; index++) yield generate(options, index);
}

/**
 * On the per-user path the consumers keep up; after --bulk they may need minutes, so a bar follows their
 * handler calls (the total grows while the relay hands over the rest of the events).
 */
async function settleWithProgress(settler: EventSettler, show: boolean): Promise<void> {
  if (!show) return settler.settle();
  const start = settler.handled;
  const progress = startProgress(
    'Matcher processing sign-up events',
    Math.max(1, start.called - start.finished),
  );
  const timer = setInterval(() => {
    const { called, finished } = settler.handled;
    progress.setTotal(Math.max(1, called - start.finished));
    progress.update(finished - start.finished);
  }, 500);
  try {
    await settler.settle();
  } finally {
    clearInterval(timer);
    const { called, finished } = settler.handled;
    progress.setTotal(Math.max(1, called - start.finished));
    progress.update(finished - start.finished);
    progress.stop();
  }
}

function generate(options: SeedOptions, index: number): SeedUser {
  return generateSeedUser(options.seed, index, { allVerified: options.verified });
}

function note(report: SeedReport, user: SeedUser): void {
  report.stages[user.stage]++;
  // Users finish out of order on the concurrent path; the lowest index keeps the hint reproducible.
  if (user.stage === 'complete' && (!report.example || user.index < report.example.index)) {
    report.example = { index: user.index, email: user.email, name: user.name };
  }
}

function printReport(context: CliContext, options: SeedOptions, report: SeedReport, out: Output): void {
  const seconds = report.ms / 1000;
  const rate = report.created > 0 ? `, ${Math.round(report.created / Math.max(seconds, 0.001))} users/s` : '';
  out.line(
    `Seeded ${options.users} users (seed ${options.seed}) into ${context.database} in ${seconds.toFixed(1)} s${rate}: ` +
      `${report.created} created, ${report.existing} already there` +
      (report.settleMs >= 1000
        ? `; the matcher then took ${(report.settleMs / 1000).toFixed(1)} s to process their events.`
        : '.'),
  );
  const { registered, verified, profiled, complete } = report.stages;
  // The people already there are left as they were seeded before (their stage, photo and password).
  const some = report.existing > 0;
  if (report.created > 0)
    out.line(
      `  ${some ? `Of the ${report.created} created: ` : ''}${complete} complete (verified, profile, quiz), ` +
        `${profiled} with a profile but no quiz, ${verified} verified without a profile, ${registered} unverified` +
        `${options.avatars ? '; with generated photos' : ''}.`,
    );
  if (some)
    out.line(`  The ${report.existing} already there were left as they were, their password included.`);
  if (report.example) {
    out.line(
      `Sign in as ${report.example.email} (${report.example.name}) with the password '${options.password}'; ` +
        `every user created by this run shares it.`,
    );
  }
  if (report.connections) printConnections(options, report.connections, out);
}

function printConnections(options: SeedOptions, report: ConnectionSeedReport, out: Output): void {
  const { made, existing, messages, example } = report;
  out.line(
    `Connected ${made + existing} pairs (${made} new, ${existing} already there) with ${messages} new messages` +
      (example ? `; ${example.email} (${example.name}) talks with ${example.otherName}.` : '.'),
  );
  const wanted = options.connections ?? 0;
  if (made + existing < wanted) {
    out.line(
      `  Only ${made + existing} of the ${wanted} connections could be made: too few seeded people can meet ` +
        `(verified, profile and quiz, preferences that fit, in each other's sets). Seed more users, or use --verified.`,
    );
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

/** Runs work(0 … count − 1) with at most `limit` at a time; the first failure stops new work and is thrown. */
async function forEachConcurrently(
  count: number,
  limit: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < count && !failure) {
      try {
        await work(next++);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  if (failure) throw failure.error;
}
