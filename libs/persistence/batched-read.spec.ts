import type { EntityManager } from '@mikro-orm/core';
import { BatchedRead } from './batched-read.js';
import type { PreparedRead } from './prepared-read.js';

interface Row {
  id: string;
  name: string;
}

/** A table in memory behind a PreparedRead's `run`, recording each statement's ids and transaction. */
function fakeTable(rows: Map<string, string>) {
  const runs: Array<{ ids: string[]; transaction: unknown }> = [];
  const read = {
    run: async (_connection: unknown, [ids]: [string[]], transaction?: unknown) => {
      runs.push({ ids: [...ids], transaction });
      return ids.flatMap((id) => {
        const name = rows.get(id.toLowerCase());
        return name === undefined ? [] : [{ id: id.toLowerCase(), name }];
      });
    },
  } as unknown as PreparedRead<Row>;
  return { read, runs };
}

const connection = {};
function entityManager(transaction?: unknown): EntityManager {
  return {
    getConnection: () => connection,
    getTransactionContext: () => transaction,
  } as unknown as EntityManager;
}

describe('BatchedRead', () => {
  const alice = '00000000-0000-4000-8000-00000000000a';
  const bob = '00000000-0000-4000-8000-00000000000b';
  const nobody = '00000000-0000-4000-8000-00000000000c';

  it('reads the ids asked for in one turn in one statement, and answers each caller with its own rows', async () => {
    const { read, runs } = fakeTable(
      new Map([
        [alice, 'Alice'],
        [bob, 'Bob'],
      ]),
    );
    const batched = new BatchedRead(read, (row) => row.id);
    const em = entityManager();

    const [first, second, third] = await Promise.all([
      batched.byId(em, [alice]),
      batched.byId(em, [bob, nobody]),
      batched.byId(em, [nobody]),
    ]);

    expect(runs).toHaveLength(1);
    expect(runs[0]!.ids.sort()).toEqual([alice, bob, nobody, nobody].sort());
    expect([...first]).toEqual([[alice, { id: alice, name: 'Alice' }]]);
    expect([...second]).toEqual([[bob, { id: bob, name: 'Bob' }]]);
    expect(third.size).toBe(0);
  });

  it('caches nothing: a row changed or removed after one read is read anew by the next', async () => {
    const table = new Map([[alice, 'Alice']]);
    const { read, runs } = fakeTable(table);
    const batched = new BatchedRead(read, (row) => row.id);
    const em = entityManager();

    expect((await batched.byId(em, [alice])).get(alice)?.name).toBe('Alice');
    table.delete(alice);
    expect((await batched.byId(em, [alice])).size).toBe(0);
    expect(runs).toHaveLength(2);
  });

  it('finds an id asked for in upper case (uuids come back in lower case) under the id as asked', async () => {
    const { read } = fakeTable(new Map([[alice, 'Alice']]));
    const batched = new BatchedRead(read, (row) => row.id);

    const found = await batched.byId(entityManager(), [alice.toUpperCase()]);

    expect(found.get(alice.toUpperCase())?.name).toBe('Alice');
  });

  it('reads inside a transaction on its own, so the transaction sees its own writes', async () => {
    const { read, runs } = fakeTable(new Map([[alice, 'Alice']]));
    const batched = new BatchedRead(read, (row) => row.id);
    const transaction = { id: 'tx' };

    await Promise.all([
      batched.byId(entityManager(transaction), [alice]),
      batched.byId(entityManager(), [bob]),
    ]);

    expect(runs).toEqual(
      expect.arrayContaining([
        { ids: [alice], transaction },
        { ids: [bob], transaction: undefined },
      ]),
    );
  });

  it('fails every caller of a batch whose statement failed', async () => {
    const failing = {
      run: async () => {
        throw new Error('connection lost');
      },
    } as unknown as PreparedRead<Row>;
    const batched = new BatchedRead(failing, (row) => row.id);

    const answers = await Promise.allSettled([
      batched.byId(entityManager(), [alice]),
      batched.byId(entityManager(), [bob]),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});
