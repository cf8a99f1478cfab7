import { randomUUID } from 'node:crypto';
import { WaitlistStandings } from '../../libs/accounts/index.js';
import {
  PLACES_PER_VERIFIED_REFERRAL,
  waitlistPosition,
  type WaitlistEntry,
} from '../../libs/waitlist/waitlist-ranking.js';
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

  /** The place stored ranks give, for verified and unverified members alike (only the route refuses the latter). */
  async function positionOf(id: string): Promise<number> {
    return (await t.app.get(WaitlistStandings).standingOf(id, PLACES_PER_VERIFIED_REFERRAL))!.position;
  }

  async function expectPositionsToMatch(): Promise<void> {
    const expected = await expectedPositions();
    const actual = new Map<string, number>();
    for (const id of expected.keys()) actual.set(id, await positionOf(id));
    expect(actual).toEqual(expected);
    await expectDenseRanks();
  }

  /** Every account's dense rank is 1 + the accounts here that joined before it; a referrer's stored one too. */
  async function expectDenseRanks(): Promise<void> {
    const ranks = await sql<{
      dense: number | string;
      referrer_rank: number | string | null;
      verified: number;
    }>(
      t,
      `select waitlist_dense_rank(join_rank) as dense, referrer_rank, verified_referrals as verified
         from app_user order by join_seq`,
    );
    expect(ranks.map((row) => Number(row.dense))).toEqual(ranks.map((_, i) => i + 1));
    const referrers = ranks.filter((row) => Number(row.verified) > 0);
    expect(referrers.map((row) => Number(row.referrer_rank))).toEqual(
      referrers.map((row) => Number(row.dense)),
    );
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

  it("departures far apart, across many buckets of ranks, change nobody else's rank, only positions", async () => {
    // Ranks are counted per bucket of 1,024: 3,000 sign-ups span three, then some of every bucket leave.
    const ids = (
      await sql<{ id: string }>(
        t,
        `insert into app_user (id, name, email, password_hash, email_verified_at, referral_code, created_at)
         select gen_random_uuid(), 'Bulk ' || n, 'bulk' || n || '@example.com', 'x', now(), 'BULK' || n, now()
           from generate_series(1, 3000) as n
         returning id`,
      )
    ).map((row) => row.id);
    const referee = async (referrer: string) => addAccount(referrer);
    for (const at of [5, 1500, 2900]) await referee(ids[at]!);
    const before = await sql<{ join_rank: string }>(t, `select join_rank from app_user order by join_seq`);

    const gone = [0, 1023, 1024, 1500, 2047, 2048, 2999].map((at) => ids[at]!);
    await sql(t, `delete from app_user where id = any(?::uuid[])`, [`{${gone.join(',')}}`]);
    await sql(t, `delete from app_user where id = ?`, [ids[700]!]);
    await referee(ids[2500]!);

    const after = await sql<{ join_rank: string }>(t, `select join_rank from app_user order by join_seq`);
    const kept = new Set(after.map((row) => row.join_rank));
    expect(before.filter((row) => kept.has(row.join_rank))).toHaveLength(after.length - 1);
    await expectDenseRanks();
    const expected = await expectedPositions();
    for (const id of [
      ids[6]!,
      ids[1025]!,
      ids[2500]!,
      ids[2900]!,
      ids[2998]!,
      ...[...expected.keys()].slice(-3),
    ])
      expect(await positionOf(id)).toBe(expected.get(id));
  });
});
