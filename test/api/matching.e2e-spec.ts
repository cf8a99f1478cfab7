import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CommandBus } from '@nestjs/cqrs';
import { OutboxRelay } from '../../libs/messaging/outbox-relay.js';
import { compatibilityPercent } from '../../libs/matching/domain/compatibility.js';
import { addDays, calendarDay } from '../../libs/matching/domain/calendar-day.js';
import { DailyMatchRun } from '../../libs/matching/daily-run/daily-match-run.js';
import { RequestDailyMatchesCommand } from '../../libs/matching/commands/request-daily-matches/request-daily-matches.command.js';
import { USERS_PER_EVENT } from '../../libs/matching/commands/request-daily-matches/request-daily-matches.handler.js';
import { EventDispatcher } from '../../libs/messaging/event-dispatcher.js';
import { AnswerEmbeddings } from '../../libs/matching/embeddings/answer-embeddings.js';
import { AnswerSimilarityRepository } from '../../libs/matching/embeddings/answer-similarity.repository.js';
import { TextEmbeddings } from '../../libs/matching/embeddings/text-embeddings.js';
import { MatchSetRepository } from '../../libs/matching/storage/match-set.repository.js';
import { PickSummaries } from '../../libs/matching/summaries/pick-summaries.js';
import { PersonalityVectorRepository } from '../../libs/matching/personality/personality-vector.repository.js';
import { PersonalityVectors } from '../../libs/matching/personality/personality-vectors.js';
import { HealthRegistry } from '../../libs/shared/health/health-registry.js';
import { startTestApp, TEST_MODEL, type TestApp } from '../support/test-app.js';
import type { ApiClient } from '../support/api-client.js';

type Sex = 'male' | 'female';
interface Person {
  client: ApiClient;
  id: string;
  name: string;
  choices: number[];
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** Helpers over one running app: sign up, profile, quiz, and waiting for the matcher to catch up. */
function helpers(t: TestApp) {
  const orm = t.app.get(MikroORM);
  const sql = (query: string, params: unknown[] = []): Promise<any[]> =>
    (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');
  let n = 0;

  async function until<T>(
    what: string,
    probe: () => Promise<T | undefined | false>,
    ms = 20_000,
  ): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function setProfile(
    person: { client: ApiClient; id: string },
    gender: Sex,
    preferredSex: Sex,
    bio: string,
  ) {
    const response = await person.client.post('/user/setProfile', {
      id: person.id,
      city: 'Austin',
      state: 'TX',
      age: 27,
      gender,
      preferredSex,
      education: 'Biology',
      jobTitle: '@someone',
      bio,
    });
    if (response.status >= 300) throw new Error(`setProfile failed: ${JSON.stringify(response.body)}`);
  }

  async function takeQuiz(person: { client: ApiClient; id: string }, choices: number[]) {
    const answers = choices.map((choice, i) => ({ id: i + 1, choice, txt: 'ignored' }));
    const response = await person.client.post('/match/generate', { id: person.id, answers });
    if (response.status !== 201) throw new Error(`quiz failed: ${JSON.stringify(response.body)}`);
  }

  /** A verified user with a profile and a quiz, whose vector (with embeddings) the matcher has stored. */
  async function member(gender: Sex, preferredSex: Sex, choices: number[], bio = ''): Promise<Person> {
    const name = `Member${++n} Test`;
    const person = await t.signUp({ name });
    await setProfile(person, gender, preferredSex, bio);
    await takeQuiz(person, choices);
    await vectorOf(person.id);
    return { ...person, name, choices };
  }

  function vectorOf(userId: string) {
    return until(`personality vector of ${userId}`, async () => {
      const [row] = await sql(
        `select v.choices, v.embedding_model, v.bio_embedding is not null as has_bio
           from personality_vector v join quiz_response q on q.user_id = v.user_id
          where v.user_id = ? and v.updated_at >= q.submitted_at and v.embedding_model is not null`,
        [userId],
      );
      return row;
    });
  }

  return { sql, until, setProfile, takeQuiz, member, vectorOf };
}

const base = Array.from({ length: 19 }, (_, i) => (i % 5) + 1);
/** `base` with the first `k` answers moved `step` away (towards the middle of the scale). */
function variant(k: number, step = 2): number[] {
  return base.map((c, i) => (i < k ? (c <= 2 ? c + step : c - step) : c));
}

describe('matching API', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  let today: string;

  beforeAll(async () => {
    t = await startTestApp();
    h = helpers(t);
    today = calendarDay(new Date(), t.config.timeZone);
  });
  afterAll(() => t.close());

  it('answers 404 "no profile" and "no quiz" with the spec texts, 403 for another user, 401 without a token', async () => {
    const person = await t.signUp();
    const noProfile = await person.client.post('/match/new', { userId: person.id });
    expect(noProfile.status).toBe(404);
    expect(noProfile.body).toEqual({
      statusCode: 404,
      error: 'no profile',
      message: "You haven't filled out your profile yet!",
    });

    await h.setProfile(person, 'male', 'female', '');
    const noQuiz = await person.client.post('/match/new', { userId: person.id });
    expect(noQuiz.status).toBe(404);
    expect(noQuiz.body).toEqual({
      statusCode: 404,
      error: 'no quiz',
      message: "You haven't taken the quiz yet!",
    });

    const other = await t.signUp();
    expect((await other.client.post('/match/new', { userId: person.id })).status).toBe(403);
    expect((await t.client().post('/match/new', { userId: person.id })).status).toBe(401);
    expect((await person.client.post('/match/new', { userId: 'nope' })).status).toBe(400);
  });

  it('runs quiz → event → vector and embeddings → tiers with profile fields, the same set all day', async () => {
    const seeker = await h.member(
      'male',
      'female',
      base,
      'Love is trust, laughter and long walks by the sea.',
    );
    const close = await h.member(
      'female',
      'male',
      variant(2),
      'Love means laughter and trust, every single day.',
    );
    const middle = await h.member('female', 'male', variant(8), 'Choosing each other again and again.');
    const far = await h.member('female', 'male', variant(19), 'A quiet partner for rainy Sundays.');
    const middle2 = await h.member('female', 'male', variant(10), 'Someone who stays.');
    // Not a fit both ways: never shown to the seeker.
    const wrongWay = await h.member('female', 'female', base, 'Love is trust.');
    const man = await h.member('male', 'female', base, 'Love is trust.');

    const stored = await h.vectorOf(seeker.id);
    expect(stored.choices.map(Number)).toEqual(base);
    expect(stored.embedding_model).toBe(TEST_MODEL);
    expect(stored.has_bio).toBe(true);

    const response = await seeker.client.post('/match/new', { userId: seeker.id });
    expect(response.status).toBe(200);
    const { best, medium, worst } = response.body;
    expect(Object.keys(response.body)).toEqual(['best', 'medium', 'worst']);
    expect(best.compatibility.id).toBe(close.id);
    expect(worst.compatibility.id).toBe(far.id);
    // pool percents: close, middle2? no — variant(8) and variant(10) sit around the median of 4 candidates
    expect([middle.id, middle2.id]).toContain(medium.compatibility.id);
    const byId = new Map([close, middle, far, middle2].map((p) => [p.id, p]));
    for (const card of [best, medium, worst]) {
      const candidate = byId.get(card.compatibility.id)!;
      expect(card.name).toBe(candidate.name);
      expect(card.compatibility.percent).toBe(compatibilityPercent(base, candidate.choices));
      expect(card.profile).toEqual({
        city: 'Austin',
        state: 'TX',
        age: 27,
        gender: 'female',
        education: 'Biology',
        jobTitle: '@someone',
        bio: expect.any(String),
        imageUrl: null,
      });
      const parts = sentences(card.compatibility.summary);
      expect(parts.length).toBeGreaterThanOrEqual(2);
      expect(parts.length).toBeLessThanOrEqual(4);
      expect(card.compatibility.summary).toContain(candidate.name.split(' ')[0]);
    }
    expect(best.compatibility.percent).toBeGreaterThan(medium.compatibility.percent);
    expect(medium.compatibility.percent).toBeGreaterThan(worst.compatibility.percent);
    expect(new Set([best, medium, worst].map((card) => card.compatibility.summary)).size).toBe(3);
    // the two bios share words: the summary says so
    expect(best.compatibility.summary).toMatch(/you both talk about .*“(trust|laughter)”/);
    expect([best, medium, worst].map((c) => c.compatibility.id)).not.toContain(wrongWay.id);
    expect([best, medium, worst].map((c) => c.compatibility.id)).not.toContain(man.id);

    // Same set on the second request, and one set in the database.
    const again = await seeker.client.post('/match/new', { userId: seeker.id });
    expect(again.body).toEqual(response.body);
    expect(await h.sql(`select 1 from match_set where user_id = ?`, [seeker.id])).toHaveLength(1);
    // The seeker's picks may now see the seeker's profile and photo rule; strangers still may not.
    expect((await seeker.client.get(`/user/getProfile/${close.id}`)).status).toBe(200);
    expect((await man.client.get(`/user/getProfile/${close.id}`)).status).toBe(403);
    expect((await t.client().get('/health', { token: null })).body.components.embeddings.status).toBe('up');
  });

  it('answers 200 {} when nobody fits, and keeps the empty-state promise by mail', async () => {
    const unique = await h.member('male', 'male', Array(19).fill(5));
    const empty = await unique.client.post('/match/new', { userId: unique.id });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({});

    const [{ email }] = await h.sql(`select email from app_user where id = ?`, [unique.id]);
    const nearly = Array(19).fill(5);
    nearly[0] = 4;
    const newcomer = await h.member('male', 'male', nearly, 'Hello there.');
    const mail = await t.mail.waitFor(email, (m) => m.raw.includes('truly compatible'));
    expect(mail.raw).toContain('Subject: Someone truly compatible just joined Fated');
    expect(mail.raw).toContain(`${t.config.publicUrl}/match`);
    await h.until(
      'notice',
      async () => (await h.sql(`select 1 from compatible_signup_notice where user_id = ?`, [unique.id]))[0],
    );

    // The promise is kept the same day: the empty set is refilled, once.
    const refilled = await unique.client.post('/match/new', { userId: unique.id });
    expect(refilled.body.best.compatibility).toMatchObject({ id: newcomer.id, percent: 99 });
    expect((await unique.client.post('/match/new', { userId: unique.id })).body).toEqual(refilled.body);
    // A second quiz submission by the same newcomer mails nobody again.
    await h.takeQuiz(newcomer, nearly);
    await h.vectorOf(newcomer.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.sql(`select 1 from compatible_signup_notice where user_id = ?`, [unique.id])).toHaveLength(
      1,
    );
  });

  it('daily run: twice and concurrently, exactly one set per user and day', async () => {
    const group = [] as Person[];
    for (let i = 0; i < 3; i++)
      group.push(await h.member('female', 'female', variant(i * 3), `Bio ${i} about hiking.`));
    const run = t.app.get(DailyMatchRun);
    const day = addDays(today, 1);
    const [first, second] = await Promise.all([run.run(day), run.run(day)]);
    const [{ users }] = await h.sql(
      `select count(*)::int as users from personality_vector v join profile p on p.user_id = v.user_id
         join app_user u on u.id = v.user_id where u.email_verified_at is not null`,
    );
    expect(first.users).toBe(users);
    expect(first.sets + second.sets).toBe(users);
    expect(first.sets + first.existing).toBe(users);
    const perUser = await h.sql(
      `select user_id, count(*)::int as n from match_set where day = ?::date group by user_id`,
      [day],
    );
    expect(perUser).toHaveLength(users);
    expect(perUser.every((row) => row.n === 1)).toBe(true);

    const third = await run.run(day);
    expect(third).toMatchObject({ day, users, sets: 0, empty: 0, existing: users });
    expect(typeof third.ms).toBe('number');
    // Women seeking women see each other (four of them by now: three tiers each), the same day in both directions.
    const womenForWomen = (
      await h.sql(`select user_id from profile where gender = 'female' and preferred_sex = 'female'`)
    ).map((row) => row.user_id as string);
    expect(womenForWomen).toHaveLength(4);
    for (const person of group) {
      const picks = await h.sql(`select candidate_id from match_pick where user_id = ? and day = ?::date`, [
        person.id,
        day,
      ]);
      expect(picks).toHaveLength(3);
      for (const pick of picks)
        expect(womenForWomen.filter((id) => id !== person.id)).toContain(pick.candidate_id);
    }
  });

  it('never shows a pair to each other twice within 30 days', async () => {
    const run = t.app.get(DailyMatchRun);
    const start = addDays(today, 2);
    for (let d = 0; d < 6; d++) await run.run(addDays(start, d));
    await run.run(addDays(start, 31));
    const picks = await h.sql(`select user_id, candidate_id, day::text as day from match_pick order by day`);
    const lastShown = new Map<string, string>();
    for (const pick of picks) {
      const key = [pick.user_id, pick.candidate_id].sort().join('|');
      const previous = lastShown.get(key);
      // The same day in both directions is one mutual match, not a repeat.
      if (previous && previous !== pick.day) {
        const gap = (Date.parse(pick.day) - Date.parse(previous)) / 86_400_000;
        expect(gap).toBeGreaterThanOrEqual(30);
      }
      lastShown.set(key, pick.day);
    }
    // After 30 days the same people may meet again.
    expect(picks.some((pick) => pick.day === addDays(start, 31))).toBe(true);
  });

  it('catches up vectors built by another model or before the quiz, and finds none stale after', async () => {
    const vectors = t.app.get(PersonalityVectors);
    const byOtherModel = { user_id: (await h.member('male', 'female', base, 'Kind and curious.')).id };
    const beforeQuiz = { user_id: (await h.member('female', 'male', base, 'Warm and steady.')).id };
    await vectors.refreshStale();
    await h.sql(`update personality_vector set embedding_model = 'another/model' where user_id = ?`, [
      byOtherModel.user_id,
    ]);
    await h.sql(`update personality_vector set updated_at = updated_at - interval '1 day' where user_id = ?`, [
      beforeQuiz.user_id,
    ]);
    await h.sql(
      `update match_member set quiz_at = (select updated_at from personality_vector where user_id = ?) + interval '1 hour'
        where user_id = ?`,
      [beforeQuiz.user_id, beforeQuiz.user_id],
    );
    expect(await vectors.refreshStale()).toBe(2);
    const rows = await h.sql(
      `select v.embedding_model, v.updated_at >= m.quiz_at as current from personality_vector v
         join match_member m on m.user_id = v.user_id where v.user_id in (?, ?)`,
      [byOtherModel.user_id, beforeQuiz.user_id],
    );
    expect(rows).toEqual([
      { embedding_model: TEST_MODEL, current: true },
      { embedding_model: TEST_MODEL, current: true },
    ]);
    expect(await vectors.refreshStale()).toBe(0);
  });

  it('the schedule requests sets through MatchRequested and the matcher answers with MatchesGenerated', async () => {
    // Past the 30-day window of the runs above, so that the sets have picks.
    const day = addDays(today, 130);
    const result = await t.app.get(CommandBus).execute(new RequestDailyMatchesCommand(day));
    expect(result.claimed).toBe(true);
    expect(result.requested).toBeGreaterThan(5);
    // A second scheduler (another matcher process) finds the day claimed.
    expect((await t.app.get(CommandBus).execute(new RequestDailyMatchesCommand(day))).claimed).toBe(false);
    await t.app.get(OutboxRelay).drain();
    const consumers = t.app.get(EventDispatcher);
    await h.until('sets of the scheduled day', async () => {
      await consumers.settled();
      const [{ n }] = await h.sql(`select count(*)::int as n from match_set where day = ?::date`, [day]);
      return n === result.requested;
    });
    const generated = await h.until('MatchesGenerated events', async () => {
      const rows = await h.sql(
        `select count(*)::int as n from outbox_message where type = 'MatchesGenerated' and payload->>'day' = ?`,
        [day],
      );
      return rows[0].n === result.requested && rows[0].n;
    });
    expect(generated).toBe(result.requested);
    // Each stored chunk is announced, and the summary pass writes its summaries: first reads find them.
    await h.until('the summary pass', async () => {
      await t.app.get(OutboxRelay).drain();
      await consumers.settled();
      const [row] = await h.sql(
        `select count(*)::int as picks, count(summary)::int as summaries from match_pick where day = ?::date`,
        [day],
      );
      return row.picks > 0 && row.summaries === row.picks;
    });
    const [{ chunks }] = await h.sql(
      `select count(*)::int as chunks from outbox_message where type = 'MatchSetsStored' and payload->>'day' = ?`,
      [day],
    );
    expect(chunks).toBe(Math.ceil(result.requested / USERS_PER_EVENT));
  });

  it('the daily run stores picks without summaries; the first read writes each once, and a process without the model writes the same text', async () => {
    const seeker = await h.member('male', 'male', base, 'Love is patience, kindness and shared mornings.');
    for (let i = 0; i < 3; i++)
      await h.member('male', 'male', variant(3 + i * 5), `Love is kindness and mornings ${i}.`);
    const day = addDays(today, 90);
    await t.app.get(DailyMatchRun).run(day);
    const [stored] = await h.sql(
      `select count(*)::int as picks, count(summary)::int as summaries from match_pick where day = ?::date`,
      [day],
    );
    expect(stored.picks).toBeGreaterThan(3);
    expect(stored.summaries).toBe(0);

    const summariesOf = async (userId: string) =>
      (
        await h.sql(
          `select tier, summary from match_pick where user_id = ? and day = ?::date order by tier`,
          [userId, day],
        )
      ).map((row) => `${row.tier}: ${row.summary}`);
    const orm = t.app.get(MikroORM);
    const matcher = t.app.get(PickSummaries);
    await matcher.fill(orm.em.fork(), seeker.id, day);
    const first = await summariesOf(seeker.id);
    expect(first).toHaveLength(3);
    for (const line of first) expect(sentences(line).length).toBeGreaterThanOrEqual(2);
    await matcher.fill(orm.em.fork(), seeker.id, day);
    expect(await summariesOf(seeker.id)).toEqual(first);

    // A gateway in the distributed mode: the model lives elsewhere, the answer similarities come from the table.
    const gateway = new PickSummaries(
      t.app.get(MatchSetRepository),
      t.app.get(PersonalityVectorRepository),
      new AnswerEmbeddings(
        orm as unknown as ConstructorParameters<typeof AnswerEmbeddings>[0],
        t.app.get(AnswerSimilarityRepository),
      ),
      new TextEmbeddings(t.config, new HealthRegistry(), false),
    );
    await h.sql(`update match_pick set summary = null where user_id = ? and day = ?::date`, [seeker.id, day]);
    await gateway.fill(orm.em.fork(), seeker.id, day);
    expect(await summariesOf(seeker.id)).toEqual(first);

    // The summary pass after a run writes the same texts, only where they are missing (a pass cut short resumes).
    await h.sql(`update match_pick set summary = null where user_id = ? and day = ?::date`, [seeker.id, day]);
    const [before] = await h.sql(
      `select count(*)::int as n from match_pick where day = ?::date and summary is null`,
      [day],
    );
    const pass = await t.app.get(DailyMatchRun).writeSummaries(day);
    expect(pass.summaries).toBe(before.n);
    expect(await summariesOf(seeker.id)).toEqual(first);
    // It leaves the day's picks vacuumed: every page all-visible, no old versions for first reads to visit.
    const [partition] = await h.sql(`select relpages, relallvisible from pg_class where relname = ?`, [
      `match_pick_${day.replaceAll('-', '')}`,
    ]);
    expect(partition.relpages).toBeGreaterThan(0);
    expect(partition.relallvisible).toBe(partition.relpages);
    expect((await t.app.get(DailyMatchRun).writeSummaries(day)).summaries).toBe(0);
    const [{ models }] = await h.sql(
      `select count(*)::int as models from answer_text_similarity where model_id = ?`,
      [TEST_MODEL],
    );
    expect(models).toBe(1);
  });
});
