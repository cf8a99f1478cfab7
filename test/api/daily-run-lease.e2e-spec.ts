import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CommandBus } from '@nestjs/cqrs';
import { OutboxRelay } from '../../libs/messaging/outbox-relay.js';
import { calendarDay } from '../../libs/matching/domain/calendar-day.js';
import { DailyMatchScheduler } from '../../libs/matching/commands/request-daily-matches/daily-match.scheduler.js';
import { RequestDailyMatchesCommand } from '../../libs/matching/commands/request-daily-matches/request-daily-matches.command.js';
import { EventDispatcher } from '../../libs/messaging/event-dispatcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** issue 9, defect 1: the day's request survives the death of the process that took it. */
describe("the day's request is a lease", () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<any[]>;
  const members: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    sql = (query, params = []) =>
      (t.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');
    for (let i = 0; i < 6; i++) {
      const person = await t.signUp();
      const [gender, preferredSex] = i % 2 ? ['male', 'female'] : ['female', 'male'];
      await person.client.post('/user/setProfile', {
        id: person.id,
        city: 'Austin',
        state: 'TX',
        age: 30,
        gender,
        preferredSex,
        education: 'Math',
        jobTitle: 'Baker',
        bio: 'Bread and books.',
      });
      const answers = Array.from({ length: 19 }, (_, q) => ({
        id: q + 1,
        choice: ((q + i) % 5) + 1,
        txt: 'x',
      }));
      await person.client.post('/match/generate', { id: person.id, answers });
      members.push(person.id);
    }
    const deadline = Date.now() + 20_000;
    while ((await sql(`select count(*)::int as n from personality_vector`))[0].n < members.length) {
      if (Date.now() > deadline) throw new Error('vectors not built');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => t.close());

  const health = async () => (await t.client().get('/health', { token: null })).body.components.dailyRun;

  it('a holder that died part-way shows in health, and the resume check finishes the day', async () => {
    const day = calendarDay(new Date(), t.config.timeZone);
    expect(await health()).toEqual({ status: 'up', detail: `${day}: not requested yet` });
    // Another process took the day a while ago, wrote nothing, and stopped renewing its lease.
    await sql(
      `insert into daily_match_run (day, requested_at, lease_until) values (?::date, now() - interval '5 minutes', now() - interval '3 minutes')`,
      [day],
    );
    expect(await health()).toMatchObject({ status: 'degraded', detail: expect.stringContaining('stalled') });

    await t.app.get(DailyMatchScheduler).resumeIfStalled();
    await t.app.get(OutboxRelay).drain();
    await t.app.get(EventDispatcher).settled();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [{ n }] = await sql(`select count(*)::int as n from match_set where day = ?::date`, [day]);
      if (n === members.length) break;
      if (Date.now() > deadline) throw new Error(`only ${n} sets`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await health()).toEqual({ status: 'up', detail: `${day}: requested` });
    const [run] = await sql(`select requested_users, lease_until from daily_match_run where day = ?::date`, [
      day,
    ]);
    expect(run).toEqual({ requested_users: members.length, lease_until: null });
    // Done is done for the schedule; an operator's run (fated match run) reopens it for whoever has no set.
    expect((await t.app.get(CommandBus).execute(new RequestDailyMatchesCommand(day))).claimed).toBe(false);
    const reopened = await t.app
      .get(CommandBus)
      .execute(new RequestDailyMatchesCommand(day, { reopen: true }));
    expect(reopened).toEqual({ day, claimed: true, requested: 0, refreshed: 0 });
    expect(await health()).toEqual({ status: 'up', detail: `${day}: requested` });
  });

  it('a live holder keeps the day: others are turned away while its lease runs', async () => {
    const day = '2031-01-01';
    await sql(
      `insert into daily_match_run (day, requested_at, lease_until) values (?::date, now(), now() + interval '1 minute')`,
      [day],
    );
    expect((await t.app.get(CommandBus).execute(new RequestDailyMatchesCommand(day))).claimed).toBe(false);
    const reopen = new RequestDailyMatchesCommand(day, { reopen: true });
    expect((await t.app.get(CommandBus).execute(reopen)).claimed).toBe(false);
    await sql(`update daily_match_run set lease_until = now() - interval '1 second' where day = ?::date`, [
      day,
    ]);
    const resumed = await t.app.get(CommandBus).execute(new RequestDailyMatchesCommand(day));
    expect(resumed).toEqual({ day, claimed: true, requested: members.length, refreshed: 0 });
    // One event per chunk of users, not one per user.
    const events = await sql(
      `select payload from outbox_message where type = 'MatchRequested' and payload->>'day' = ?`,
      [day],
    );
    expect(events).toHaveLength(1);
    expect(events[0].payload.userIds).toHaveLength(members.length);
  });
});
