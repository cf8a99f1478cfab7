import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { RefreshSession, REFRESH_TOKEN_TTL_MS } from './refresh-session.entity.js';
import { hashSecretToken, newSecretToken } from './secret-token.js';

/** Issues, rotates and revokes refresh tokens (stored hashed). */
@Injectable()
export class RefreshSessions {
  /** Adds a new token to the unit of work and returns its clear value (for the cookie only). */
  issue(em: EntityManager, userId: string, familyId: string = randomUUID()): string {
    const { token, hash } = newSecretToken();
    const session = new RefreshSession();
    session.userId = userId;
    session.familyId = familyId;
    session.tokenHash = hash;
    session.expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_MS);
    em.persist(session);
    return token;
  }

  findByToken(em: EntityManager, token: string): Promise<RefreshSession | null> {
    return em.findOne(RefreshSession, { tokenHash: hashSecretToken(token) });
  }

  /** Ends every sign-in of the account except `keepFamilyId` (the session that asked, if any). */
  async revokeAllOf(em: EntityManager, userId: string, keepFamilyId?: string): Promise<void> {
    const where = keepFamilyId
      ? { userId, revokedAt: null, familyId: { $ne: keepFamilyId } }
      : { userId, revokedAt: null };
    await em.nativeUpdate(RefreshSession, where, { revokedAt: new Date() });
  }

  async revokeFamily(em: EntityManager, familyId: string): Promise<void> {
    await em.nativeUpdate(RefreshSession, { familyId, revokedAt: null }, { revokedAt: new Date() });
  }
}
