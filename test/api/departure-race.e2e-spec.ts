import pg from 'pg';
import { AppConfig } from '../../libs/config/app-config.js';
import { Outbox } from '../../libs/messaging/outbox.js';
import { MatchSetRepository } from '../../libs/matching/storage/match-set.repository.js';
import { MatchSetWriter } from '../../libs/matching/storage/match-set-writer.js';
import { MemberRepository } from '../../libs/matching/members/member.repository.js';
import { createHandlerContext, type HandlerContext } from '../support/handler-context.js';
import { matchMember, plannedSet } from '../support/planned-sets.js';

// PGlite runs one statement at a time, so only PostgreSQL can put a write and a deletion side by side.
const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

/**
 * Sets and picks have no foreign keys to their accounts (migration 20261126000100): a write holds the
 * members it names, and a deletion removes what names the member. These are the two orders in which a
 * daily run's write and an account deletion can meet.
 */
describeOnPostgres('a set write and an account deletion at the same moment (PostgreSQL)', () => {
  let t: HandlerContext;
  let writer: MatchSetWriter;
  let blocker: pg.Client;
  let deleter: pg.Client;

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [],
      providers: [MatchSetWriter, MatchSetRepository, MemberRepository, Outbox],
    });
    writer = t.app.get(MatchSetWriter);
    const url = (t.app.get(AppConfig).database as { url: string }).url;
    blocker = new pg.Client({ connectionString: url });
    deleter = new pg.Client({ connectionString: url });
    await Promise.all([blocker.connect(), deleter.connect()]);
  }, 60_000);

  // A regression must fail the test, not leave a session waiting: end whatever a failed test left open.
  afterEach(async () => {
    await Promise.all([blocker.query('rollback'), deleter.query('rollback')]);
  });

  afterAll(async () => {
    await Promise.all([blocker?.end(), deleter?.end()]);
    await t?.close();
  });

  const member = (name: string) => matchMember(t, name);

  /** Until `count` sessions of this database wait for a lock. */
  async function lockWaiters(count: number): Promise<void> {
    for (let tries = 0; tries < 500; tries++) {
      const [row] = await t.sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (row!.n >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`never saw ${count} sessions waiting for a lock`);
  }

  const naming = (id: string) =>
    t.sql(
      `select 'pick' from match_pick where user_id = ? or candidate_id = ?
       union all select 'set' from match_set where user_id = ?`,
      [id, id, id],
    );

  it('a deletion that comes while a write holds the member waits for it, then removes what it wrote', async () => {
    const [ana, ben, cy] = [await member('Ana'), await member('Ben'), await member('Cy')];
    // The day's partition first (the writer makes sure of it once, in a transaction of its own).
    await writer.write('2031-06-01', [plannedSet(cy, [])]);
    // The write stops after holding its members and claiming its sets, before the picks go in.
    await blocker.query('begin');
    await blocker.query('lock table match_day_pairs in exclusive mode');
    const writing = writer.write('2031-06-01', [plannedSet(ana, [ben, cy]), plannedSet(ben, [ana])]);
    await lockWaiters(1);
    const deleting = deleter.query('delete from app_user where id = $1', [ben.id]);
    await lockWaiters(2);

    await blocker.query('commit');

    expect(await writing).toEqual({ created: 2, empty: 0, existing: 0, departed: 0 });
    await deleting;
    expect(await naming(ben.id)).toEqual([]);
    const anas = await t.sql<{ candidate_id: string }>(
      `select candidate_id from match_pick where user_id = ? and day = '2031-06-01'`,
      [ana.id],
    );
    expect(anas.map((pick) => pick.candidate_id)).toEqual([cy.id]);
  });

  it('a write that comes while a deletion holds the member waits for it, then leaves the leaver out', async () => {
    const [dee, eve, fay] = [await member('Dee'), await member('Eve'), await member('Fay')];
    await deleter.query('begin');
    await deleter.query('delete from app_user where id = $1', [eve.id]);
    const writing = writer.write('2031-06-02', [plannedSet(dee, [eve, fay]), plannedSet(eve, [dee])]);
    await lockWaiters(1);

    await deleter.query('commit');

    expect(await writing).toEqual({ created: 1, empty: 0, existing: 0, departed: 1 });
    expect(await naming(eve.id)).toEqual([]);
    const dees = await t.sql<{ candidate_id: string }>(
      `select candidate_id from match_pick where user_id = ? and day = '2031-06-02'`,
      [dee.id],
    );
    expect(dees.map((pick) => pick.candidate_id)).toEqual([fay.id]);
  });
});
