import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import { ActiveAccounts } from './active-accounts.port.js';
import type { AccessTokenClaims } from './access-tokens.js';

const MAX_TOKEN_LENGTH = 4_096;

/** A sign-in id is a uuid: anything else in `sid` is not a token of ours, and would fail the read it goes to. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface VerifiedToken {
  claims: AccessTokenClaims;
  /** The token's `exp`, in ms. */
  expiresAt: number;
  /** Its `jti`: a socket opened with it knows which sign-in it belongs to. */
  tokenId?: string;
}

/**
 * Checks an access token, for the HTTP guard and the socket handshake alike: HS256 only, signed with
 * JWT_ACCESS_SECRET, not expired, with the spec's claims, and its account still active: a deleted or
 * suspended account's tokens, tokens issued before a password change or reset (an older session version)
 * and those of a sign-in that was logged out stop working at once, not when they expire, so that is read on
 * every check.
 *
 * A token's signature is verified once per process: a token seen valid is remembered (by its exact text,
 * which only our secret can have signed) until it expires. Verifying it again on every request was the
 * largest piece of an authenticated read's own CPU (base64, two JSON parses and an HMAC). Only valid tokens
 * are remembered, so garbage sent by a client costs it a verification and the cache nothing.
 */
@Injectable()
export class AccessTokenVerifier {
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: 20_000 });
  private activeAccounts?: ActiveAccounts;

  constructor(
    private readonly jwt: JwtService,
    private readonly modules: ModuleRef,
  ) {}

  /** The token's claims if it is valid now and its account may act, else undefined. */
  async activeClaims(token: string): Promise<AccessTokenClaims | undefined> {
    return (await this.activeToken(token))?.claims;
  }

  /** `activeClaims` with the token's expiry (ms; Infinity without `exp`): a socket lives no longer than it. */
  async activeToken(token: string): Promise<VerifiedToken | undefined> {
    // Ours are a few hundred characters: a client's megabyte of text costs it a refusal, not a verification.
    if (token.length >= MAX_TOKEN_LENGTH) return undefined;
    const verified = this.remembered(token) ?? this.verify(token);
    return verified && (await this.ifActive(verified.claims, token)) ? verified : undefined;
  }

  /** A token verified before and not expired since. */
  private remembered(token: string): VerifiedToken | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    if (known.expiresAt > Date.now()) return known;
    this.verified.delete(token);
    return undefined;
  }

  /** A just verified token, if its claims are the spec's; it is remembered until it expires. */
  private remember(token: string, payload: Record<string, unknown>): VerifiedToken | undefined {
    const { id, email, sv, exp, jti, sid } = payload;
    if (typeof id !== 'string' || typeof email !== 'string') return undefined;
    if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid))) return undefined;
    // Tokens from before session versions existed carry none: the version every account started at.
    const sessionVersion = sv === undefined ? 0 : sv;
    if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return undefined;
    const verified = {
      claims: { id, email, sessionVersion, ...(sid === undefined ? {} : { signInId: sid }) },
      expiresAt: typeof exp === 'number' ? exp * 1000 : Infinity,
      ...(typeof jti === 'string' ? { tokenId: jti } : {}),
    };
    if (typeof exp === 'number') this.verified.set(token, verified);
    return verified;
  }

  /** Whether the claims' account may still act: active, and the token's session version is current. */
  private async ifActive(claims: AccessTokenClaims, token: string): Promise<boolean> {
    // The accounts context provides the port; this shared verifier is built before it.
    this.activeAccounts ??= this.modules.get(ActiveAccounts, { strict: false });
    return this.activeAccounts.isActive(claims, token);
  }

  private verify(token: string): VerifiedToken | undefined {
    let payload: Record<string, unknown>;
    try {
      payload = this.jwt.verify<Record<string, unknown>>(token);
    } catch {
      return undefined;
    }
    return this.remember(token, payload);
  }
}
