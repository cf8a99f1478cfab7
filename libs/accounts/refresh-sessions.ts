import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Outbox } from '../messaging/outbox.js';
import { BatchedRead } from '../persistence/batched-read.js';
import { sql } from '../persistence/sql.js';
import { SessionsEnded } from './events/sessions-ended.event.js';
import { SignedOut } from './events/signed-out.event.js';
import {
  RefreshSession,
  REFRESH_TOKEN_TTL_MS,
  SESSION_REFRESH_TOKEN_TTL_MS,
} from './refresh-session.entity.js';
import { hashSecretToken, newSecretToken } from './secret-token.js';
import type { User } from './user.entity.js';

/** How long a just-rotated refresh token still works, for concurrent refreshes of one browser. */
export const ROTATION_GRACE_MS = 20_000;

/** Sign-ins (refresh-token families) with a revoked token: ended (a partial index holds only revoked rows). */
const ENDED_SIGN_INS = new BatchedRead<{ id: string }>(
  'accounts-signed-out',
  `select f as id from unnest(?::uuid[]) f
    where exists (select 1 from refresh_session where family_id = f and revoked_at is not null)`,
  (row) => row.id,
);

/** How many rotations within the grace a late presentation follows to the family's live token. */
const MAX_SUCCESSOR_HOPS = 5;

/**
 * Issues, rotates and revokes refresh tokens (stored hashed). A family (one sign-in) has one live token at a
 * time: a token presented again within the grace gets the successor its first presentation got, never a
 * second branch that a password change could miss.
 */
@Injectable()
export class RefreshSessions {
  constructor(private readonly outbox: Outbox) {}

  /**
   * A new sign-in: its first token (see `issue`) and its id, which its access tokens carry; `persistent`: it was
   * asked to be remembered (its cookie outlives the browser session).
   */
  signIn(
    em: EntityManager,
    user: Pick<User, 'id' | 'sessionVersion'>,
    persistent: boolean,
  ): { refreshToken: string; signInId: string } {
    const signInId = randomUUID();
    return { refreshToken: this.issue(em, user, signInId, persistent), signInId };
  }

  /** Whether the sign-in `signInId` was asked to be remembered (yes when it is not known). */
  async isPersistent(em: EntityManager, signInId: string | undefined): Promise<boolean> {
    if (!signInId) return true;
    const [row] = await sql<{ persistent: boolean }>(
      em,
      `select persistent from refresh_session where family_id = ? limit 1`,
      [signInId],
    );
    return row?.persistent ?? true;
  }

  /** Adds a new token, under the account's current session version, and returns its clear value (for the cookie only). */
  private issue(
    em: EntityManager,
    user: Pick<User, 'id' | 'sessionVersion'>,
    familyId: string,
    persistent: boolean,
  ): string {
    const { token, hash } = newSecretToken();
    const session = new RefreshSession();
    session.userId = user.id;
    session.familyId = familyId;
    session.persistent = persistent;
    session.tokenHash = hash;
    session.sessionVersion = user.sessionVersion;
    session.expiresAt = new Date(
      Date.now() + (persistent ? REFRESH_TOKEN_TTL_MS : SESSION_REFRESH_TOKEN_TTL_MS),
    );
    em.persist(session);
    return token;
  }

  findByToken(em: EntityManager, token: string, lock = false): Promise<RefreshSession | null> {
    return em.findOne(
      RefreshSession,
      { tokenHash: hashSecretToken(token) },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
  }

  /** Rotates `session` (whose clear token is `presented`): its successor, sealed into it for the grace. */
  rotate(em: EntityManager, session: RefreshSession, presented: string, user: User): string {
    const successor = this.issue(em, user, session.familyId, session.persistent);
    session.rotatedAt = new Date();
    session.successorSealed = seal(presented, successor);
    return successor;
  }

  /**
   * For a token rotated within the grace: the family's live token, reached through the successors each rotation
   * sealed, or undefined when that line has ended (revoked, expired, an older session version).
   */
  async liveSuccessor(
    em: EntityManager,
    session: RefreshSession,
    presented: string,
    user: User,
  ): Promise<string | undefined> {
    let current = session;
    let token = presented;
    for (let hop = 0; hop < MAX_SUCCESSOR_HOPS; hop++) {
      if (!current.successorSealed) return undefined;
      const successor = unseal(token, current.successorSealed);
      if (successor === undefined) return undefined;
      token = successor;
      const next = await this.findByToken(em, token, true);
      if (!next || next.revokedAt || next.sessionVersion !== user.sessionVersion) return undefined;
      if (next.expiresAt.getTime() <= Date.now()) return undefined;
      if (!next.rotatedAt) return token;
      if (Date.now() - next.rotatedAt.getTime() > ROTATION_GRACE_MS) return undefined;
      current = next;
    }
    return undefined;
  }

  /**
   * Ends every sign-in of the account, in the caller's transaction (a password change, a reset, a suspension),
   * and says so (SessionsEnded: its open sockets close): the session version is raised, so a refresh or an access token issued concurrently under the old version is
   * refused too. The version is raised in SQL: that UPDATE's row lock does not conflict with the key-share lock
   * a concurrent refresh's new row takes on the account. The rows are then marked revoked, skipping any that a
   * refresh holds at this moment (waiting for them could deadlock with a refresh walking its family's
   * successors); the version already ends those.
   */
  async endAll(em: EntityManager, user: User, keptTokenId?: string): Promise<void> {
    const [row] = await sql<{ session_version: number }>(
      em,
      `update app_user set session_version = session_version + 1,
              kept_token_hash = null, kept_token_until = null, kept_token_id = null, kept_sign_in_id = null
        where id = ? returning session_version`,
      [user.id],
    );
    user.sessionVersion = row!.session_version;
    user.keptTokenHash = null;
    user.keptTokenUntil = null;
    user.keptTokenId = null;
    user.keptSignInId = null;
    await sql(
      em,
      `update refresh_session set revoked_at = now()
        where id in (select id from refresh_session where user_id = ? and revoked_at is null for update skip locked)`,
      [user.id],
    );
    this.outbox.record(
      em,
      new SessionsEnded(user.id, { userId: user.id, ...(keptTokenId ? { keptTokenId } : {}) }),
    );
  }

  /**
   * Whether the sign-in was ended: a token of it that a concurrent logout missed (the successor a refresh
   * committed while the logout ran) must not go on refreshing when its access tokens are refused.
   */
  async isEnded(em: EntityManager, familyId: string): Promise<boolean> {
    return (await this.endedAmong(em, [familyId])).size > 0;
  }

  /** Of `signInIds`, those ended; every authenticated request asks, so the requests in flight ask together. */
  async endedAmong(em: EntityManager, signInIds: readonly string[]): Promise<Set<string>> {
    return new Set((await ENDED_SIGN_INS.byId(em, signInIds)).keys());
  }

  /**
   * Ends one sign-in (`session`'s family): its refresh tokens, its access tokens (the one a password change
   * kept for it too) and their sockets.
   */
  async endSignIn(em: EntityManager, session: Pick<RefreshSession, 'userId' | 'familyId'>): Promise<void> {
    await em.nativeUpdate(
      RefreshSession,
      { familyId: session.familyId, revokedAt: null },
      { revokedAt: new Date() },
    );
    // The token a password change kept for this sign-in ends with it; its id names the sockets opened with it.
    const [kept] = await sql<{ kept_token_id: string | null }>(
      em,
      `with kept as (select id, kept_token_id from app_user where id = ? and kept_sign_in_id = ? for update)
       update app_user u set kept_token_hash = null, kept_token_until = null, kept_token_id = null,
              kept_sign_in_id = null
         from kept where u.id = kept.id
       returning kept.kept_token_id`,
      [session.userId, session.familyId],
    );
    const keptTokenId = kept?.kept_token_id ?? undefined;
    this.outbox.record(
      em,
      new SignedOut(session.userId, {
        userId: session.userId,
        signInId: session.familyId,
        ...(keptTokenId ? { keptTokenId } : {}),
      }),
    );
  }
}

/** AES-256-GCM under a key derived from the rotated token: the database alone cannot open it. */
function keyOf(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, '', 'fated refresh successor', 32));
}

function seal(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(token: string, sealed: string): string | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
