import { createHandlerContext, type HandlerContext } from '../../../../test/support/handler-context.js';
import { Mailer } from '../../../notifications/index.js';
import { AccountDeletion } from '../../account-deletion.js';
import { PasswordHasher } from '../../password-hasher.js';
import { User } from '../../user.entity.js';
import { UserRepository } from '../../user.repository.js';
import { RegisterUserCommand } from './register-user.command.js';
import { RegisterUserHandler } from './register-user.handler.js';
import { withFreshReferralCodes } from './add-account.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('RegisterUserHandler (on a real database)', () => {
  let t: HandlerContext;
  let n = 0;
  const uniqueEmail = () => `signup${++n}-${Date.now()}@example.com`;
  const register = (email: string, referralCode?: string) =>
    t.commands.execute(new RegisterUserCommand('Avery Jones', email, 'correct horse battery', referralCode));
  const accountsWith = (email: string) =>
    t.sql<{
      id: string;
      name: string;
      password_hash: string;
      email_verified_at: unknown;
      referred_by_id: unknown;
    }>(`select id, name, password_hash, email_verified_at, referred_by_id from app_user where email = ?`, [
      email,
    ]);

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [User],
      providers: [UserRepository, PasswordHasher, Mailer, AccountDeletion, RegisterUserHandler],
    });
  });
  afterAll(() => t?.close());

  it('creates an unverified account and records UserRegistered with it', async () => {
    const email = uniqueEmail();
    const { id } = await register(`  ${email.toUpperCase()} `);

    const [account] = await accountsWith(email);
    expect(account).toMatchObject({ id, name: 'Avery Jones', email_verified_at: null, referred_by_id: null });
    expect(account!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await t.eventsOf(id)).toEqual([
      {
        type: 'UserRegistered',
        aggregate_id: id,
        payload: { name: 'Avery Jones', email, referredById: null },
      },
    ]);
  });

  it('links the referrer of a known code and ignores an unknown one', async () => {
    const referrerId = await t.addAccount();
    const [{ referral_code: code }] = (await t.sql<{ referral_code: string }>(
      `select referral_code from app_user where id = ?`,
      [referrerId],
    )) as [{ referral_code: string }];

    const referred = await register(uniqueEmail(), code.toLowerCase());
    const unknown = await register(uniqueEmail(), 'NOSUCHCODE');

    expect((await t.eventsOf(referred.id))[0]!.payload).toMatchObject({ referredById: referrerId });
    expect((await t.eventsOf(unknown.id))[0]!.payload).toMatchObject({ referredById: null });
  });

  it('refuses an email held by a verified account (409 email-in-use) and writes nothing', async () => {
    const email = uniqueEmail();
    const holderId = await t.addAccount({
      email,
      verified: true,
      createdAt: new Date(Date.now() - 30 * DAY_MS),
    });

    await expect(register(email)).rejects.toMatchObject({ kind: 'conflict', code: 'email-in-use' });
    expect(await accountsWith(email)).toEqual([expect.objectContaining({ id: holderId })]);
    expect(await t.eventsOf(holderId)).toEqual([]);
  });

  it('refuses an email held by an unverified account younger than 24 h', async () => {
    const email = uniqueEmail();
    const holderId = await t.addAccount({
      email,
      verified: false,
      createdAt: new Date(Date.now() - DAY_MS + 60_000),
    });

    await expect(register(email)).rejects.toMatchObject({ kind: 'conflict', code: 'email-in-use' });
    expect(await accountsWith(email)).toEqual([expect.objectContaining({ id: holderId })]);
  });

  it('refuses the second of two sign-ups with one address', async () => {
    const email = uniqueEmail();
    await register(email);
    await expect(register(email)).rejects.toMatchObject({ kind: 'conflict', code: 'email-in-use' });
    expect(await accountsWith(email)).toHaveLength(1);
  });

  it('replaces an unverified account older than 24 h: the old one deleted (AccountDeleted), the new one registered', async () => {
    const email = uniqueEmail();
    const staleId = await t.addAccount({
      email,
      verified: false,
      createdAt: new Date(Date.now() - DAY_MS - 60_000),
    });

    const { id } = await register(email);

    expect(id).not.toBe(staleId);
    expect(await accountsWith(email)).toEqual([expect.objectContaining({ id })]);
    expect(
      await t.sql(`select 1 from deleted_account where id_hash = sha256(convert_to(?, 'UTF8'))`, [staleId]),
    ).toHaveLength(1);
    expect(await t.eventsOf(staleId)).toEqual([
      { type: 'AccountDeleted', aggregate_id: staleId, payload: { userId: staleId } },
    ]);
    expect((await t.eventsOf(id)).map((event) => event.type)).toEqual(['UserRegistered']);
  });

  it('tries again with a new referral code when the one drawn is taken; other refusals are not retried', async () => {
    const [{ referral_code: taken }] = await t.sql<{ referral_code: string }>(
      `select referral_code from app_user limit 1`,
    );
    let attempts = 0;
    const insertWithCode = () =>
      withFreshReferralCodes(async () => {
        attempts++;
        // The first try draws a code someone has, as a random draw rarely would.
        const code = attempts === 1 ? taken : `RETRY${attempts}00`.slice(0, 8);
        return t.sql(
          `insert into app_user (id, name, email, password_hash, referral_code, created_at)
           values (gen_random_uuid(), 'Robin', ?, 'not-a-hash', ?, now()) returning referral_code`,
          [uniqueEmail(), code],
        );
      });

    expect(await insertWithCode()).toEqual([{ referral_code: 'RETRY200' }]);
    expect(attempts).toBe(2);
    // Any other refusal is not retried.
    await expect(
      withFreshReferralCodes(async () => {
        attempts++;
        throw new Error('duplicate key value violates unique constraint "app_user_email_uq"');
      }),
    ).rejects.toThrow('app_user_email_uq');
    expect(attempts).toBe(3);
  });
});
