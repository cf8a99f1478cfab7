import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { ApiClient } from '../support/api-client.js';
import { verificationLinkIn } from '../support/mail-catcher.js';
import { waitlistPosition, type WaitlistEntry } from '../../libs/waitlist/waitlist-ranking.js';

// The api project's testTimeout in jest.config.js is a global-only option, so it does not apply: set it here.
jest.setTimeout(120_000);

interface Member {
  id: string;
  email: string;
  client: ApiClient;
  verifiedReferrals: number;
  /** An unverified member holds a place but may not read it (403). */
  verified: boolean;
}

describe('waitlist API', () => {
  let t: TestApp;
  /** Everyone in this app's database, in join order (the file has its own fresh database). */
  const members: Member[] = [];

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function join(options: { code?: string; verify?: boolean } = {}): Promise<Member> {
    const { client, id, email } = await t.signUp(options);
    const member = { id, email, client, verifiedReferrals: 0, verified: options.verify !== false };
    members.push(member);
    return member;
  }

  async function codeOf(member: Member): Promise<string> {
    const { body } = await member.client.get(`/waitlist/${member.id}`);
    return new URL(body.shareLink).searchParams.get('code')!;
  }

  /** Every member's answer must match the pure ranking of waitlist-ranking.ts over the whole queue. */
  async function expectStandingsToFollowTheRanking(): Promise<number[]> {
    const entries: WaitlistEntry[] = members.map((m, i) => ({
      joinRank: i + 1,
      verifiedReferrals: m.verifiedReferrals,
    }));
    const positions: number[] = [];
    for (const [i, member] of members.entries()) {
      const response = await member.client.get(`/waitlist/${member.id}`);
      if (!member.verified) {
        expect(response.status).toBe(403);
        positions.push(waitlistPosition(entries[i]!, entries));
        continue;
      }
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        position: waitlistPosition(entries[i]!, entries),
        referralCount: member.verifiedReferrals,
        shareLink: expect.stringMatching(/\/signup\?code=[A-Z2-9]{8}$/),
      });
      positions.push(response.body.position);
    }
    // Positions are a permutation of 1..n: nobody shares a place.
    expect([...positions].sort((a, b) => a - b)).toEqual(members.map((_, i) => i + 1));
    return positions;
  }

  it('ranks by join order, moves referrers up 10 places per verified referral, and ignores unverified ones', async () => {
    for (let i = 0; i < 12; i++) await join();
    expect(await expectStandingsToFollowTheRanking()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const [fifth, twelfth] = [members[4]!, members[11]!];

    const share = (await twelfth.client.get(`/waitlist/${twelfth.id}`)).body.shareLink as string;
    expect(share).toBe(`${t.config.publicUrl}/signup?code=${await codeOf(twelfth)}`);

    // A verified referral: #12 jumps ten places, in front of whoever held #2.
    await join({ code: await codeOf(twelfth) });
    twelfth.verifiedReferrals = 1;
    expect((await expectStandingsToFollowTheRanking())[11]).toBe(2);

    // A sign-up with the code that never verifies its email earns nothing.
    const unverified = await join({ code: await codeOf(twelfth), verify: false });
    expect((await expectStandingsToFollowTheRanking())[11]).toBe(2);

    // Two verified referrals take #5 twenty places up, but never above #1.
    await join({ code: await codeOf(fifth) });
    await join({ code: await codeOf(fifth) });
    fifth.verifiedReferrals = 2;
    const positions = await expectStandingsToFollowTheRanking();
    expect(positions.slice(0, 12)).toEqual([2, 4, 5, 6, 1, 7, 8, 9, 10, 11, 12, 3]);

    // The late referee verifies: now it counts.
    await unverified.client.post('/register/verify', {
      id: unverified.id,
      name: 'Late',
      email: unverified.email,
    });
    const link = verificationLinkIn(await t.mail.waitFor(unverified.email));
    expect(
      (await unverified.client.post('/verification', { id: link.id, emailToken: link.token })).status,
    ).toBe(201);
    unverified.verified = true;
    twelfth.verifiedReferrals = 2;
    // #12 now scores 12 − 20 = −8, still behind #5's −15.
    const after = await expectStandingsToFollowTheRanking();
    expect([after[4], after[11], after[0]]).toEqual([1, 2, 3]);
  });

  it('needs a session (401), shows only your own place (403) and refuses ids that are not UUIDs (400)', async () => {
    const me = await join();
    const other = await join();
    expect((await t.client().get(`/waitlist/${me.id}`)).status).toBe(401);
    const refused = await me.client.get(`/waitlist/${other.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await me.client.get('/waitlist/42')).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid user id',
    });
  });

  it('needs a verified email (403), as the quiz and matches do', async () => {
    const unverified = await join({ verify: false });
    expect((await unverified.client.get(`/waitlist/${unverified.id}`)).body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Please verify your email to see your place on the waitlist',
    });
    // Their data export still has their place.
    const exported = await unverified.client.get('/account/export');
    expect(exported.status).toBe(200);
    expect(exported.body.waitlist).toMatchObject({ position: expect.any(Number) });
  });

  it('takes a code pasted with a stray character, and ignores text that is no code', async () => {
    const referrer = await join();
    const code = await codeOf(referrer);
    await join({ code: ` ${code}.` });
    referrer.verifiedReferrals = 1;
    for (const junk of ['!!', 'x'.repeat(500), '<script>']) await join({ code: junk });
    await expectStandingsToFollowTheRanking();
  });

  // Last: this member's reads are spent for a minute.
  it('answers a member past 120 reads a minute with 429 and when to come back (Retry-After)', async () => {
    const me = await join();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await me.client.get(`/waitlist/${me.id}`)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await me.client.get(`/waitlist/${me.id}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      statusCode: 429,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
});
