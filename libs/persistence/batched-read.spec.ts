import { randomUUID } from 'node:crypto';
import { createHandlerContext, type HandlerContext } from '../../test/support/handler-context.js';
import { BatchedRead } from './batched-read.js';
import { PreparedStatement } from './prepared-statement.js';
import { sql } from './sql.js';

/** Two reads of accounts, as two contexts would write theirs: each its own SQL, one `?` for the ids. */
const names = new BatchedRead<{ id: string; name: string }>(
  'spec-names',
  'select id, name from app_user where id = any(?::uuid[])',
  (row) => row.id,
);
const facts = new BatchedRead<{ id: string; letters: number; verified: boolean; created_at: string }>(
  'spec-facts',
  `select id, char_length(name) as letters, email_verified_at is not null as verified, created_at
     from app_user where id = any(?::uuid[])`,
  (row) => row.id,
);

describe('BatchedRead (on the test database)', () => {
  let t: HandlerContext;
  let ava: string;
  let bo: string;
  const nobody = randomUUID();
  /** The statements run, by name, while `work` ran. */
  async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const run = PreparedStatement.prototype.run;
    PreparedStatement.prototype.run = function (this: PreparedStatement<unknown>, ...args) {
      statements.push(this.name);
      return run.apply(this, args);
    } as typeof run;
    try {
      return { result: await work(), statements };
    } finally {
      PreparedStatement.prototype.run = run;
    }
  }

  beforeAll(async () => {
    t = await createHandlerContext({ entities: [], providers: [] });
    ava = await t.addAccount({ name: 'Ava' });
    bo = await t.addAccount({ name: 'Bo', verified: false });
  }, 60_000);

  afterAll(() => t.close());

  it('reads the ids asked of one read in one turn in one statement, and answers each caller with its rows', async () => {
    const em = t.orm.em.fork();
    const { result, statements } = await statementsOf(() =>
      Promise.all([names.byId(em, [ava]), names.byId(em, [bo, nobody]), names.byId(em, [nobody, ava])]),
    );
    expect(statements).toEqual(['spec-names/json']);
    const [first, second, third] = result;
    expect([...first]).toEqual([[ava, { id: ava, name: 'Ava' }]]);
    expect([...second]).toEqual([[bo, { id: bo, name: 'Bo' }]]);
    expect([...third]).toEqual([[ava, { id: ava, name: 'Ava' }]]);
  });

  it('puts the different reads of one turn in one statement, whatever their order, with the same types as alone', async () => {
    const em = t.orm.em.fork();
    const alone = (await facts.byId(em, [ava])).get(ava);
    const first = await statementsOf(() => Promise.all([names.byId(em, [ava]), facts.byId(em, [ava, bo])]));
    const second = await statementsOf(() => Promise.all([facts.byId(em, [bo]), names.byId(em, [bo])]));
    const statements = [...first.statements, ...second.statements];
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^read-round-/);
    expect(statements[1]).toBe(statements[0]);
    const [avaName, avaFacts] = first.result;
    const [boFacts, boName] = second.result;
    expect(avaName.get(ava)?.name).toBe('Ava');
    expect(avaFacts.get(ava)).toEqual(alone);
    expect(avaFacts.get(bo)).toMatchObject({ letters: 2, verified: false });
    expect(boFacts.get(bo)).toMatchObject({ letters: 2, verified: false });
    expect(boName.get(bo)?.name).toBe('Bo');
    expect(alone).toMatchObject({ letters: 3, verified: true });
    expect(typeof alone?.created_at).toBe('string');
  });

  it('sends a round before its turn ends once it has waited half a millisecond, and answers every caller', async () => {
    const em = t.orm.em.fork();
    const { result, statements } = await statementsOf(async () => {
      const first = names.byId(em, [ava]);
      // The rest of a long turn: a busy gateway still working through other requests.
      const until = performance.now() + 2;
      while (performance.now() < until);
      const second = names.byId(em, [bo]);
      const third = names.byId(em, [ava]);
      return Promise.all([first, second, third]);
    });
    expect(statements).toEqual(['spec-names/json', 'spec-names/json']);
    expect(result.map((rows) => [...rows.keys()])).toEqual([[ava], [bo], [ava]]);
  });

  it('caches nothing: a row changed after one read is read anew by the next', async () => {
    const carl = await t.addAccount({ name: 'Carl' });
    expect((await names.byId(t.orm.em.fork(), [carl])).get(carl)?.name).toBe('Carl');
    await t.sql(`update app_user set name = 'Cal' where id = ?`, [carl]);
    expect((await names.byId(t.orm.em.fork(), [carl])).get(carl)?.name).toBe('Cal');
    await t.sql(`delete from app_user where id = ?`, [carl]);
    expect((await names.byId(t.orm.em.fork(), [carl])).size).toBe(0);
  });

  it('finds an id asked for in upper case (uuids come back in lower case) under the id as asked', async () => {
    const found = await names.byId(t.orm.em.fork(), [ava.toUpperCase()]);
    expect(found.get(ava.toUpperCase())?.name).toBe('Ava');
  });

  it('reads inside a transaction on its own, each call alone, so the transaction sees its own writes', async () => {
    const dee = randomUUID();
    const { result, statements } = await statementsOf(() =>
      t.orm.em.fork().transactional(async (tx) => {
        await sql(
          tx,
          `insert into app_user (id, name, email, password_hash, referral_code, created_at)
             values (?, 'Dee', ?, 'x', ?, now())`,
          [dee, `${dee}@example.com`, dee.slice(0, 12)],
        );
        // Outside reads wait for the transaction on PGlite (one connection), so only the transaction reads.
        return Promise.all([names.byId(tx, [dee]), names.byId(tx, [ava])]);
      }),
    );
    expect(result[0].get(dee)?.name).toBe('Dee');
    expect(result[1].get(ava)?.name).toBe('Ava');
    expect(statements).toEqual(['spec-names/json', 'spec-names/json']);
  });

  it('fails only the callers of the read that failed when reads share a statement', async () => {
    const em = t.orm.em.fork();
    const [broken, fine] = await Promise.allSettled([names.byId(em, ['not-a-uuid']), facts.byId(em, [ava])]);
    expect(broken.status).toBe('rejected');
    expect(fine.status === 'fulfilled' && fine.value.get(ava)?.letters).toBe(3);
  });

  it('refuses a read that does not take exactly the array of ids', () => {
    expect(() => new BatchedRead('spec-two', 'select 1 where ? and ?', () => '')).toThrow(/one parameter/);
  });
});
