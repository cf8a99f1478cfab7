import { randomUUID } from 'node:crypto';
import { createHandlerContext, type HandlerContext } from '../../../../test/support/handler-context.js';
import { EmailVerificationToken } from '../../email-verification-token.entity.js';
import { newSecretToken } from '../../secret-token.js';
import { User } from '../../user.entity.js';
import { UserRepository } from '../../user.repository.js';
import { VerifyEmailCommand } from './verify-email.command.js';
import { VerifyEmailHandler } from './verify-email.handler.js';

const HOUR_MS = 60 * 60 * 1000;
const invalidToken = { kind: 'invalid', code: 'invalid-verification-token' };

describe('VerifyEmailHandler (on a real database)', () => {
  let t: HandlerContext;

  /** A token the way the verification mail stores it (only its hash); returns what the link carries. */
  async function issueToken(userId: string, expiresAt = new Date(Date.now() + HOUR_MS)): Promise<string> {
    const { token, hash } = newSecretToken();
    await t.sql(
      `insert into email_verification_token (id, user_id, token_hash, expires_at, used_at, created_at)
       values (?, ?, ?, ?, null, now())`,
      [randomUUID(), userId, hash, expiresAt],
    );
    return token;
  }
  const verify = (userId: string, token: string) => t.commands.execute(new VerifyEmailCommand(userId, token));
  const verifiedAt = async (userId: string) =>
    (
      await t.sql<{ email_verified_at: unknown }>(`select email_verified_at from app_user where id = ?`, [
        userId,
      ])
    )[0]!.email_verified_at;

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [User, EmailVerificationToken],
      providers: [UserRepository, VerifyEmailHandler],
    });
  });
  afterAll(() => t?.close());

  it('verifies the account with the right token, uses the token up and records EmailVerified', async () => {
    const referrerId = await t.addAccount();
    const userId = await t.addAccount({ verified: false, email: `verify-${Date.now()}@example.com` });
    await t.sql(`update app_user set referred_by_id = ? where id = ?`, [referrerId, userId]);
    const token = await issueToken(userId);

    await expect(verify(userId, token)).resolves.toEqual({ verified: true });

    expect(await verifiedAt(userId)).not.toBeNull();
    expect(
      await t.sql(`select 1 from email_verification_token where user_id = ? and used_at is not null`, [
        userId,
      ]),
    ).toHaveLength(1);
    const [{ email }] = (await t.sql<{ email: string }>(`select email from app_user where id = ?`, [
      userId,
    ])) as [{ email: string }];
    expect(await t.eventsOf(userId)).toEqual([
      { type: 'EmailVerified', aggregate_id: userId, payload: { email, referredById: referrerId } },
    ]);
  });

  it('refuses a wrong token and changes nothing', async () => {
    const userId = await t.addAccount({ verified: false });
    await issueToken(userId);

    await expect(verify(userId, newSecretToken().token)).rejects.toMatchObject(invalidToken);
    expect(await verifiedAt(userId)).toBeNull();
    expect(await t.eventsOf(userId)).toEqual([]);
  });

  it("refuses another account's token", async () => {
    const userId = await t.addAccount({ verified: false });
    const othersToken = await issueToken(await t.addAccount({ verified: false }));

    await expect(verify(userId, othersToken)).rejects.toMatchObject(invalidToken);
    expect(await verifiedAt(userId)).toBeNull();
  });

  it('refuses a token that was already used', async () => {
    const userId = await t.addAccount({ verified: false });
    const token = await issueToken(userId);
    await verify(userId, token);

    await expect(verify(userId, token)).rejects.toMatchObject(invalidToken);
    expect((await t.eventsOf(userId)).map((event) => event.type)).toEqual(['EmailVerified']);
  });

  it('refuses an expired token and changes nothing', async () => {
    const userId = await t.addAccount({ verified: false });
    const token = await issueToken(userId, new Date(Date.now() - 1000));

    await expect(verify(userId, token)).rejects.toMatchObject(invalidToken);
    expect(await verifiedAt(userId)).toBeNull();
    expect(
      await t.sql(`select 1 from email_verification_token where user_id = ? and used_at is null`, [userId]),
    ).toHaveLength(1);
    expect(await t.eventsOf(userId)).toEqual([]);
  });

  it('records no second EmailVerified when a second valid token reaches an account already verified', async () => {
    const userId = await t.addAccount({ verified: false });
    const [first, second] = [await issueToken(userId), await issueToken(userId)];
    await verify(userId, first);

    await expect(verify(userId, second)).resolves.toEqual({ verified: true });
    expect((await t.eventsOf(userId)).map((event) => event.type)).toEqual(['EmailVerified']);
  });
});
