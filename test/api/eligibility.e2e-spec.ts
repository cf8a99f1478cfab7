import { MikroORM } from '@mikro-orm/core';
import { CommandBus } from '@nestjs/cqrs';
import { Outbox } from '../../libs/messaging/outbox.js';
import { BlockRepository } from '../../libs/safety/index.js';
import { blockIn } from '../../libs/safety/commands/block-user/block-user.handler.js';
import { SetAccountSuspensionCommand } from '../../libs/accounts/index.js';
import { isMatchable, type Sex } from '../../libs/matching/domain/eligibility.js';
import { sql } from '../fixtures/database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Who can be matched, tested once where it is defined: domain/eligibility.ts `isMatchable` and its SQL
 * mirror, the matchable_member view that the candidate pool, the daily run's requests and the empty-state
 * promise read. Each case takes one rule away from a member who satisfied all of them.
 */
describe('matchable_member: who can be matched', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    for (const [i, name] of ['complete', 'unverified', 'suspended', 'noProfile', 'noVector'].entries()) {
      const person = await t.signUp({ name: `Eligible ${name}` });
      ids[name] = person.id;
      const profile = await person.client.post('/user/setProfile', {
        id: person.id,
        city: 'Austin',
        state: 'TX',
        age: 30 + i,
        gender: 'female',
        preferredSex: 'male',
        education: 'Law',
        jobTitle: '',
        bio: '',
      });
      expect(profile.status).toBe(200);
      const answers = Array.from({ length: 19 }, (_, q) => ({
        id: q + 1,
        choice: ((q + i) % 5) + 1,
        txt: 'x',
      }));
      expect((await person.client.post('/match/generate', { id: person.id, answers })).status).toBe(201);
    }
    const deadline = Date.now() + 30_000;
    while ((await sql<{ n: number }>(t, `select count(*)::int as n from personality_vector`))[0]!.n < 5) {
      if (Date.now() > deadline) throw new Error('vectors not built');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => t.close());

  const matchable = async () =>
    new Set(
      (await sql<{ user_id: string }>(t, `select user_id from matchable_member`)).map((row) => row.user_id),
    );

  /** The same members by the domain rule, from the read model's rows. */
  const matchableByRule = async () => {
    const rows = await sql<{
      user_id: string;
      verified: boolean;
      suspended: boolean;
      gender: Sex | null;
      preferred_sex: Sex | null;
      answered: boolean;
    }>(
      t,
      `select m.user_id, m.verified, m.suspended, m.gender, m.preferred_sex,
              exists (select 1 from personality_vector v where v.user_id = m.user_id) as answered
         from match_member m`,
    );
    return new Set(
      rows
        .filter((row) => isMatchable({ ...row, preferredSex: row.preferred_sex }))
        .map((row) => row.user_id),
    );
  };

  it('holds a verified, unsuspended member with a profile and a processed quiz', async () => {
    expect(await matchable()).toEqual(new Set(Object.values(ids)));
    expect(await matchableByRule()).toEqual(await matchable());
  });

  it('leaves out whoever misses any one of those', async () => {
    // Matching's read model, where the accounts and profiles events land (tested below through the events).
    await sql(t, `update match_member set verified = false where user_id = ?`, [ids.unverified]);
    await sql(t, `update match_member set suspended = true where user_id = ?`, [ids.suspended]);
    await sql(t, `update match_member set gender = null, preferred_sex = null where user_id = ?`, [
      ids.noProfile,
    ]);
    await sql(t, `delete from personality_vector where user_id = ?`, [ids.noVector]);
    expect(await matchable()).toEqual(new Set([ids.complete]));
    expect(await matchableByRule()).toEqual(await matchable());
  });

  it('carries what the engine needs: the choices and both sexes', async () => {
    const [row] = await sql<{ choices: unknown; gender: string; preferred_sex: string }>(
      t,
      `select choices, gender, preferred_sex from matchable_member where user_id = ?`,
      [ids.complete],
    );
    expect(row).toMatchObject({ gender: 'female', preferred_sex: 'male' });
    expect(String(row!.choices).replace(/[{}]/g, '').split(',')).toHaveLength(19);
  });

  it("is fed by the owners' events: sign-up, verification, profile, quiz, suspension and blocks", async () => {
    const until = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 15_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error('the read model did not follow');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const member = async (id: string) =>
      (
        await sql<{
          name: string;
          verified: boolean;
          suspended: boolean;
          gender: string | null;
          choices: unknown;
        }>(t, `select name, verified, suspended, gender, choices from match_member where user_id = ?`, [id])
      )[0];
    const person = await t.signUp({ name: 'Read Model', email: 'read.model@example.com' });
    await until(async () => (await member(person.id))?.verified === true);
    expect(await member(person.id)).toMatchObject({
      name: 'Read Model',
      suspended: false,
      gender: null,
      choices: null,
    });

    await person.client.post('/user/setProfile', {
      id: person.id,
      city: 'Austin',
      state: 'TX',
      age: 33,
      gender: 'male',
      preferredSex: 'female',
      education: '',
      jobTitle: '',
      bio: 'Love is a long walk.',
    });
    const answers = Array.from({ length: 19 }, (_, q) => ({ id: q + 1, choice: (q % 5) + 1, txt: 'x' }));
    await person.client.post('/match/generate', { id: person.id, answers });
    await until(async () => (await matchable()).has(person.id));
    expect(await member(person.id)).toMatchObject({ gender: 'male' });

    await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand('read.model@example.com', true));
    await until(async () => !(await matchable()).has(person.id));
    await t.app.get(CommandBus).execute(new SetAccountSuspensionCommand('read.model@example.com', false));
    await until(async () => (await matchable()).has(person.id));

    // A suspension ended the person's sessions; and only someone they were shown can be blocked over HTTP, so
    // the block is written as the safety context writes it.
    expect((await person.client.get('/block')).status).toBe(401);
    const other = await t.signUp({ name: 'Blocked Person' });
    await t.app
      .get(MikroORM)
      .em.fork()
      .transactional((em) => blockIn(em, t.app.get(BlockRepository), t.app.get(Outbox), person.id, other.id));
    await until(
      async () =>
        (
          await sql(t, `select 1 from match_block where user_id = ? and blocked_user_id = ?`, [
            person.id,
            other.id,
          ])
        ).length > 0,
    );
  });
});
