import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../../config/app-config.js';
import { sharedRateLimitOptions, sqlRateLimitStore } from './sql-rate-limit-store.js';

/** How often expired rows leave the table (the store's own timer would outlive the app's connection). */
const PRUNE_INTERVAL_MS = 5 * 60_000;

/** Failures (or mails) of one account from all clients per hour, past which clients that already tried are held off. */
const ACCOUNT_PER_HOUR_FACTOR = 10;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const allowed: LimitVerdict = { allowed: true };
const refused = (res: RateLimiterRes): LimitVerdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/**
 * The sign-in limits, counted in the `rate_limit` table so every gateway process sharing the database
 * sees the same counts (rate-limiter-flexible's PostgreSQL store). Keys are fixed-size (a client address or
 * /64, a hash of the account), so what an attacker sends does not change what is stored per key, and the
 * store drops expired rows itself.
 *
 * - per client and route, requests a minute (AUTH_RATE_LIMIT);
 * - on routes that send mail, requests per (account, client) and route in 15 minutes (AUTH_EMAIL_RATE_LIMIT), and
 *   per account and route from all clients in an hour (10 × that, more than one client can ask for): one client
 *   asking for someone's reset link again and again does not lock the owner out of their own request, and the
 *   mails an inbox gets stay bounded whatever the number of clients;
 * - on routes that check a secret, failures per (secret, account, client) in 15 minutes (AUTH_EMAIL_RATE_LIMIT): one
 *   client guessing is stopped without locking the owner out from elsewhere; and failures per account from all
 *   clients in an hour (10 × that), past which only clients that have already failed on it are held off.
 */
@Injectable()
export class AuthLimits implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly store: ReturnType<typeof sqlRateLimitStore>;
  private readonly perClient: RateLimiterPostgres;
  private readonly mailsPerPair: RateLimiterPostgres;
  private readonly mailsPerAccount: RateLimiterPostgres;
  private readonly failuresPerPair: RateLimiterPostgres;
  private readonly failuresPerAccount: RateLimiterPostgres;
  private readonly failureLimit: number;
  private readonly accountHourLimit: number;

  constructor(config: AppConfig, orm: MikroORM) {
    this.store = sqlRateLimitStore(orm);
    const store = sharedRateLimitOptions(this.store);
    const limits = config.rateLimits;
    this.failureLimit = limits.perEmailPer15Minutes;
    this.accountHourLimit = limits.perEmailPer15Minutes * ACCOUNT_PER_HOUR_FACTOR;
    this.perClient = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'client',
      points: limits.perIpPerMinute,
      duration: 60,
    });
    this.mailsPerPair = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'mails',
      points: limits.perEmailPer15Minutes,
      duration: 15 * 60,
    });
    this.mailsPerAccount = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'account-mails',
      points: this.accountHourLimit,
      duration: 60 * 60,
    });
    this.failuresPerPair = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'failures',
      points: this.failureLimit,
      duration: 15 * 60,
    });
    this.failuresPerAccount = new RateLimiterPostgres({
      ...store,
      keyPrefix: 'account-failures',
      points: this.accountHourLimit,
      duration: 60 * 60,
    });
  }

  onApplicationBootstrap(): void {
    this.pruneTimer = setInterval(() => void this.pruneExpired(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.pruneTimer);
  }

  /** Counts a request from `client` on `route`. */
  async hitClient(route: string, client: string): Promise<LimitVerdict> {
    return this.consume(this.perClient, `${route}|${client}`);
  }

  /**
   * Counts a request from `client` about `account` on a `route` that sends mail (only for requests the client
   * limit let through).
   */
  async hitMailRoute(route: string, account: string, client: string): Promise<LimitVerdict> {
    const overall = await this.mailsPerAccount.get(`${route}|${account}`);
    if (overall && overall.consumedPoints >= this.accountHourLimit) return refused(overall);
    const verdict = await this.consume(this.mailsPerPair, `${route}|${account}|${client}`);
    if (verdict.allowed) await this.mailsPerAccount.penalty(`${route}|${account}`);
    return verdict;
  }

  /** Whether `client` may try `secret` (what a route checks) of `account` now, given the failures so far. */
  async mayTry(secret: string, account: string, client: string): Promise<LimitVerdict> {
    const [pair, overall] = await Promise.all([
      this.failuresPerPair.get(`${secret}|${account}|${client}`),
      this.failuresPerAccount.get(`${secret}|${account}`),
    ]);
    if (pair && pair.consumedPoints >= this.failureLimit) return refused(pair);
    if (pair && overall && overall.consumedPoints >= this.accountHourLimit) return refused(overall);
    return allowed;
  }

  async recordFailure(secret: string, account: string, client: string): Promise<void> {
    await Promise.all([
      this.failuresPerPair.penalty(`${secret}|${account}|${client}`),
      this.failuresPerAccount.penalty(`${secret}|${account}`),
    ]);
  }

  /** The right secret clears this client's failures on the account. */
  async recordSuccess(secret: string, account: string, client: string): Promise<void> {
    await this.failuresPerPair.delete(`${secret}|${account}|${client}`);
  }

  /**
   * A new password makes the guesses at the old one moot: the failures counted against `accounts` (their keys,
   * by email and by id), on every route and from every client, go, and the owner may sign in at once.
   */
  async forgetFailures(accounts: string[]): Promise<void> {
    for (const account of accounts)
      await this.store.query({
        text: `delete from rate_limit where key like $1 or key like $2`,
        // Keys are 'failures:<secret>|<account>|<client>' and 'account-failures:<secret>|<account>' (hex accounts).
        values: [`failures:%|${account}|%`, `account-failures:%|${account}`],
      });
  }

  private async pruneExpired(): Promise<void> {
    await this.store
      .query({ text: 'delete from rate_limit where expire < $1', values: [Date.now()] })
      .catch(() => undefined); // not critical: the next prune catches up
  }

  private async consume(limiter: RateLimiterPostgres, key: string): Promise<LimitVerdict> {
    try {
      await limiter.consume(key);
      return allowed;
    } catch (error) {
      if (error instanceof RateLimiterRes) return refused(error);
      throw error;
    }
  }
}
