import { createSecretKey } from 'node:crypto';
import { UnauthorizedException } from '@nestjs/common';
import { Reflector, type ModuleRef } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { JwtService } from '@nestjs/jwt';
import { AccessTokenGuard, type AuthenticatedRequest } from './access-token.guard.js';
import { AccessTokenVerifier } from './access-token-verifier.js';
import { ActiveAccounts } from './active-accounts.port.js';
import type { AccessTokenClaims } from './access-tokens.js';
import { Public } from './public.decorator.js';

const SECRET = 'a-test-access-secret-of-at-least-32-chars';

/** The port as accounts answers it, over a set the test changes (the API suites use the real one). */
class KnownAccounts extends ActiveAccounts {
  readonly suspended = new Set<string>();
  reads = 0;
  readonly versions = new Map<string, number>();
  async isActive({ id, sessionVersion }: AccessTokenClaims): Promise<boolean> {
    this.reads++;
    return !this.suspended.has(id) && (this.versions.get(id) ?? 0) === sessionVersion;
  }
  async activeAmong(userIds: readonly string[]): Promise<Set<string>> {
    return new Set(userIds.filter((id) => !this.suspended.has(id)));
  }
}

class Routes {
  signedIn() {}
  @Public()
  open() {}
}

function setUp() {
  const jwt = new JwtService({
    secret: createSecretKey(Buffer.from(SECRET, 'utf8')) as unknown as Buffer,
    signOptions: { algorithm: 'HS256', expiresIn: 900 },
    verifyOptions: { algorithms: ['HS256'] },
  });
  const accounts = new KnownAccounts();
  const modules = { get: () => accounts } as unknown as ModuleRef;
  const guard = new AccessTokenGuard(new Reflector(), new AccessTokenVerifier(jwt, modules));
  const call = async (authorization: string | undefined, route: 'signedIn' | 'open' = 'signedIn') => {
    const request = { headers: authorization ? { authorization } : {} } as AuthenticatedRequest;
    const context = new ExecutionContextHost([request, {}, () => undefined], Routes, Routes.prototype[route]);
    context.setType('http');
    await guard.canActivate(context);
    return request.user;
  };
  return { jwt, accounts, call };
}

const refusal = (message: string) => new UnauthorizedException(message);

describe('AccessTokenGuard', () => {
  it('lets a valid bearer token through with its claims, in any case of the scheme', async () => {
    const { jwt, call } = setUp();
    const token = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com' });
    const claims = { id: 'u-1', email: 'ava@example.com', sessionVersion: 0 };
    await expect(call(`Bearer ${token}`)).resolves.toEqual(claims);
    await expect(call(`bearer ${token}`)).resolves.toEqual(claims);
  });

  it('asks whether the account is active on every request, a remembered token included', async () => {
    const { jwt, accounts, call } = setUp();
    const token = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com' });
    await call(`Bearer ${token}`);
    accounts.suspended.add('u-1');
    await expect(call(`Bearer ${token}`)).rejects.toEqual(
      refusal('Your session has expired. Please sign in again.'),
    );
    expect(accounts.reads).toBe(2);
  });

  it('refuses a token issued under an older session version (a password change or reset since)', async () => {
    const { jwt, accounts, call } = setUp();
    const before = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com', sv: 3 });
    accounts.versions.set('u-1', 3);
    await expect(call(`Bearer ${before}`)).resolves.toEqual({
      id: 'u-1',
      email: 'ava@example.com',
      sessionVersion: 3,
    });
    accounts.versions.set('u-1', 4);
    await expect(call(`Bearer ${before}`)).rejects.toEqual(
      refusal('Your session has expired. Please sign in again.'),
    );
    const after = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com', sv: 4 });
    await expect(call(`Bearer ${after}`)).resolves.toMatchObject({ sessionVersion: 4 });
    const malformed = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com', sv: '4' });
    await expect(call(`Bearer ${malformed}`)).rejects.toEqual(
      refusal('Your session has expired. Please sign in again.'),
    );
  });

  it("passes a token's sign-in on to the account check; one that names no uuid is not ours", async () => {
    const { jwt, call } = setUp();
    const signInId = '3f2b6ab0-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const token = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com', sid: signInId });
    await expect(call(`Bearer ${token}`)).resolves.toEqual({
      id: 'u-1',
      email: 'ava@example.com',
      sessionVersion: 0,
      signInId,
    });
    for (const sid of ['not-a-uuid', signInId.toUpperCase(), 42]) {
      const odd = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com', sid });
      await expect(call(`Bearer ${odd}`)).rejects.toEqual(
        refusal('Your session has expired. Please sign in again.'),
      );
    }
  });

  it('refuses a remembered token once it has expired', async () => {
    const { jwt, call } = setUp();
    const token = await jwt.signAsync({ id: 'u-1', email: 'ava@example.com' }, { expiresIn: 60 });
    await call(`Bearer ${token}`);
    const realNow = Date.now;
    const later = realNow() + 61_000;
    Date.now = () => later;
    try {
      await expect(call(`Bearer ${token}`)).rejects.toEqual(
        refusal('Your session has expired. Please sign in again.'),
      );
    } finally {
      Date.now = realNow;
    }
  });

  it('refuses a token signed with another secret, without a signature, or without the claims', async () => {
    const { call } = setUp();
    const foreign = await new JwtService().signAsync(
      { id: 'u-1', email: 'ava@example.com' },
      { secret: 'an-attacker-secret-that-is-long-enough-123', algorithm: 'HS256', expiresIn: 60 },
    );
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ id: 'u-1', email: 'ava@example.com' })).toString('base64url');
    const unsigned = `${header}.${body}.`;
    const claimless = await setUp().jwt.signAsync({ sub: 'u-1' });
    for (const token of [foreign, unsigned, claimless, 'not-a-token']) {
      await expect(call(`Bearer ${token}`)).rejects.toEqual(
        refusal('Your session has expired. Please sign in again.'),
      );
    }
  });

  it('asks to sign in when there is no bearer token, and lets public routes through without one', async () => {
    const { call } = setUp();
    await expect(call(undefined)).rejects.toEqual(refusal('Sign in to continue'));
    await expect(call('Basic dXNlcjpwYXNz')).rejects.toEqual(refusal('Sign in to continue'));
    await expect(call(undefined, 'open')).resolves.toBeUndefined();
  });
});
