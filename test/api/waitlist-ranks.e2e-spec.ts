import { randomUUID } from 'node:crypto';
import { QueryBus } from '@nestjs/cqrs';
import { GetWaitlistStandingQuery } from '../../libs/waitlist/index.js';
import { waitlistPosition, type WaitlistEntry } from '../../libs/waitlist/waitlist-ranking.js';
import { sql } from '../fixtures/database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The waitlist's stored facts (join_rank, verified_referrals) stay right through everything that writes
 * accounts — sign-ups with and without codes, verification, deletions one at a time and in bulk, referrers
 * and referees leaving — and the positions read from them equal the reference ranking over everyone.
 */
describe('waitlist positions from the stored ranks', () => {
  let t: TestApp;
  let seq = 0;
  // A fixed pseudo-random sequence, so a failure replays.
  let state = 7;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function addAccount(referrer?: string, verified = true): Promise<string> {
    const id = randomUUID();
    const n = ++seq;
    await sql(
      t,
      `insert into app_user (id, name, email, password_hash, email_verified_at, referral_code, referred_by_id, created_at)
       values (?, ?, ?, 'x', ${verified ? 'now()' : 'null'}, ?, ?, now())`,
      [id, `Member ${n}`, `ranks${n}@example.com`, `CODE${String(n).padStart(4, '0')}`, referrer ?? null],
    );
    return id;
  }

  /** Positions recomputed from scratch (join order, counted referrals) by the reference function. */
  async function expectedPositions(): Promise<Map<string, number>> {
    const rows = await sql<{ id: string; verified: number | string }>(
      t,
      `select u.id, (select count(*) from app_user r
                      where r.referred_by_id = u.id and r.email_verified_at is not null) as verified
         from app_user u order by u.join_seq`,
    );
    const entries: WaitlistEntry[] = rows.map((row, i) => ({
      joinRank: i + 1,
      verifiedReferrals: Number(row.verified),
    }));
    return new Map(rows.map((row, i) => [row.id, waitlistPosition(entries[i]!, entries)]));
  }

  async function expectPositionsToMatch(): Promise<void> {
    const expected = await expectedPositions();
    const queries = t.app.get(QueryBus);
    const actual = new Map<string, number>();
    for (const id of expected.keys())
      actual.set(id, (await queries.execute(new GetWaitlistStandingQuery(id))).position);
    expect(actual).toEqual(expected);
    const ranks = await sql<{ join_rank: number | string }>(
      t,
      `select join_rank from app_user order by join_seq`,
    );
    expect(ranks.map((row) => Number(row.join_rank))).toEqual(ranks.map((_, i) => i + 1));
  }

  it('match the reference ranking after a random history of sign-ups, verifications and departures', async () => {
    const ids: string[] = [];
    for (let step = 0; step < 120; step++) {
      const roll = random();
      if (roll < 0.55 || ids.length < 5) {
        const referrer = random() < 0.5 ? ids[Math.floor(random() * ids.length)] : undefined;
        ids.push(await addAccount(referrer, random() < 0.8));
      } else if (roll < 0.75) {
        const id = ids[Math.floor(random() * ids.length)]!;
        await sql(
          t,
          `update app_user set email_verified_at = coalesce(email_verified_at, now()) where id = ?`,
          [id],
        );
      } else if (roll < 0.9) {
        const [id] = ids.splice(Math.floor(random() * ids.length), 1);
        await sql(t, `delete from app_user where id = ?`, [id]);
      } else {
        // Several at once, as the daily purge of unverified accounts does.
        const gone = ids.splice(0, Math.min(3, ids.length)).filter(() => random() < 0.7);
        if (gone.length)
          await sql(t, `delete from app_user where id in (${gone.map(() => '?').join(', ')})`, gone);
      }
      if (step % 20 === 19) await expectPositionsToMatch();
    }
    await expectPositionsToMatch();
  });
});
