import { randomUUID } from 'node:crypto';
import { createHandlerContext, type HandlerContext } from '../../../../test/support/handler-context.js';
import { Mailer } from '../../../notifications/index.js';
import { AccountDeletion } from '../../account-deletion.js';
import { PasswordHasher } from '../../password-hasher.js';
import { User } from '../../user.entity.js';
import { UserRepository } from '../../user.repository.js';
import { DeleteAccountCommand } from './delete-account.command.js';
import { DeleteAccountHandler } from './delete-account.handler.js';

const PASSWORD = 'correct horse battery';

describe('DeleteAccountHandler (on a real database)', () => {
  let t: HandlerContext;
  let passwordHash: string;

  const remove = (userId: string, password: string) =>
    t.commands.execute(new DeleteAccountCommand(userId, password));
  const count = async (query: string, params: unknown[]) =>
    Number((await t.sql<{ n: unknown }>(`select count(*) as n from (${query}) as rows`, params))[0]!.n);
  const rowsOf = async (id: string) => ({
    app_user: await count(`select 1 from app_user where id = ?`, [id]),
    profile: await count(`select 1 from profile where user_id = ?`, [id]),
    quiz_response: await count(`select 1 from quiz_response where user_id = ?`, [id]),
    email_verification_token: await count(`select 1 from email_verification_token where user_id = ?`, [id]),
    user_block: await count(`select 1 from user_block where user_id = ? or blocked_user_id = ?`, [id, id]),
  });
  const recordEvent = (aggregateId: string, payload: object, published: boolean) =>
    t.sql(
      `insert into outbox_message (id, type, aggregate_id, payload, occurred_at, published_at)
       values (?, 'SomethingHappened', ?, ?::jsonb, now(), ?)`,
      [randomUUID(), aggregateId, JSON.stringify(payload), published ? new Date() : null],
    );

  /** A person with a row in each table deletion must reach, and another person who blocked them. */
  async function personWithData(): Promise<{ id: string; other: string }> {
    const id = await t.addAccount({ passwordHash });
    const other = await t.addAccount();
    await t.sql(
      `insert into profile (user_id, city, state, age, gender, preferred_sex, education, job_title, bio, updated_at)
       values (?, 'Denver', 'CO', 30, 'female', 'male', '', '', 'Love is patience.', now())`,
      [id],
    );
    await t.sql(
      `insert into quiz_response (user_id, choices, submitted_at) values (?, ?::smallint[], now())`,
      [id, `{${Array(19).fill(3).join(',')}}`],
    );
    await t.sql(
      `insert into email_verification_token (id, user_id, token_hash, expires_at, created_at)
       values (?, ?, ?, now() + interval '1 hour', now())`,
      [randomUUID(), id, 'a'.repeat(64)],
    );
    await t.sql(`insert into user_block (user_id, blocked_user_id) values (?, ?), (?, ?)`, [
      id,
      other,
      other,
      id,
    ]);
    await recordEvent(id, { userId: id }, true);
    await recordEvent(id, { userId: id }, false);
    await recordEvent(other, { userId: other, blockedUserId: id }, true);
    return { id, other };
  }

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [User],
      providers: [UserRepository, PasswordHasher, Mailer, AccountDeletion, DeleteAccountHandler],
    });
    passwordHash = await new PasswordHasher().hash(PASSWORD);
  });
  afterAll(() => t?.close());

  it("removes the person's rows and outbox rows and records AccountDeleted in the same transaction", async () => {
    const { id, other } = await personWithData();

    await remove(id, PASSWORD);

    expect(await rowsOf(id)).toEqual({
      app_user: 0,
      profile: 0,
      quiz_response: 0,
      email_verification_token: 0,
      user_block: 0,
    });
    expect(
      await count(`select 1 from deleted_account where id_hash = sha256(convert_to(?, 'UTF8'))`, [id]),
    ).toBe(1);
    // Its own rows are replaced by the one event that tells other processes; others' sent rows naming it go too.
    expect(await t.eventsOf(id)).toEqual([
      { type: 'AccountDeleted', aggregate_id: id, payload: { userId: id } },
    ]);
    expect(await t.eventsOf(other)).toEqual([]);
    expect(await count(`select 1 from app_user where id = ?`, [other])).toBe(1);
  });

  it('refuses a wrong password (403 wrong password) and removes nothing', async () => {
    const { id, other } = await personWithData();

    await expect(remove(id, 'not my password')).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'wrong password',
    });

    expect(await rowsOf(id)).toEqual({
      app_user: 1,
      profile: 1,
      quiz_response: 1,
      email_verification_token: 1,
      user_block: 2,
    });
    expect(
      await count(`select 1 from deleted_account where id_hash = sha256(convert_to(?, 'UTF8'))`, [id]),
    ).toBe(0);
    expect((await t.eventsOf(id)).map((event) => event.type)).toEqual([
      'SomethingHappened',
      'SomethingHappened',
    ]);
    expect(await t.eventsOf(other)).toHaveLength(1);
  });

  it('answers no-session for an account that is already gone', async () => {
    const { id } = await personWithData();
    await remove(id, PASSWORD);

    await expect(remove(id, PASSWORD)).rejects.toMatchObject({ kind: 'unauthenticated', code: 'no-session' });
    expect(await t.eventsOf(id)).toHaveLength(1);
  });
});
