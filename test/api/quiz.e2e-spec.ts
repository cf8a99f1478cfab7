import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { ApiClient } from '../support/api-client.js';

const fullAnswers = (choiceOf: (id: number) => number = (id) => ((id - 1) % 5) + 1) =>
  Array.from({ length: 19 }, (_, i) => ({ id: i + 1, choice: choiceOf(i + 1), txt: `client text ${i + 1}` }));

describe('quiz API', () => {
  let t: TestApp;
  let me: { client: ApiClient; id: string };
  let sql: (query: string, params?: unknown[]) => Promise<any[]>;

  beforeAll(async () => {
    t = await startTestApp();
    me = await t.signUp();
    const orm = t.app.get(MikroORM);
    sql = (query, params = []) =>
      (orm.em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');
  });
  afterAll(() => t.close());

  it('serves the 19 questions on the spec themes in order, 5 answers each, without a token', async () => {
    const response = await t.client().get('/quiz/questions', { token: null });
    expect(response.status).toBe(200);
    const { questions } = response.body;
    expect(questions).toHaveLength(19);
    expect(questions.map((q: { theme: string }) => q.theme)).toEqual([
      'sociability',
      'weekends',
      'food',
      'group work',
      'change',
      'conflict',
      'decisions',
      'friday nights',
      'fitness',
      'alone time',
      'affection',
      'communication frequency',
      'life-goal talks',
      'free time',
      'travel',
      'music',
      'politics',
      'family',
      'personal growth',
    ]);
    for (const [index, question] of questions.entries()) {
      expect(question).toEqual({
        id: index + 1,
        theme: expect.any(String),
        text: expect.any(String),
        answers: expect.any(Array),
      });
      expect(question.answers.map((a: { choice: number }) => a.choice)).toEqual([1, 2, 3, 4, 5]);
      for (const answer of question.answers) expect(answer.txt.length).toBeGreaterThan(5);
    }
  });

  it('refuses answers without a session (401) and for another user (403)', async () => {
    expect((await t.client().post('/match/generate', { id: me.id, answers: fullAnswers() })).status).toBe(
      401,
    );
    const other = await t.signUp();
    const forbidden = await other.client.post('/match/generate', { id: me.id, answers: fullAnswers() });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('names each kind of bad answer with a 400', async () => {
    const post = (body: unknown) => me.client.post('/match/generate', body);
    const expect400 = async (body: unknown, message: string) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message });
    };
    const answers = fullAnswers();
    await expect400({ id: me.id, answers: answers.filter((a) => a.id !== 7) }, 'Missing answer for Q7');
    await expect400({ id: me.id, answers: [] }, 'Missing answer for Q1');
    await expect400({ id: me.id, answers: answers.slice(0, 18) }, 'Missing answer for Q19');
    await expect400(
      { id: me.id, answers: answers.map((a) => (a.id === 3 ? { ...a, choice: 6 } : a)) },
      'The answer for Q3 must be a choice from 1 to 5',
    );
    await expect400(
      { id: me.id, answers: answers.map((a) => (a.id === 4 ? { ...a, choice: 0 } : a)) },
      'The answer for Q4 must be a choice from 1 to 5',
    );
    await expect400(
      { id: me.id, answers: answers.map((a) => (a.id === 5 ? { ...a, choice: 2.5 } : a)) },
      'The answer for Q5 must be a choice from 1 to 5',
    );
    await expect400(
      { id: me.id, answers: answers.map((a) => (a.id === 6 ? { ...a, choice: '3' } : a)) },
      'The answer for Q6 must be a choice from 1 to 5',
    );
    await expect400(
      { id: me.id, answers: answers.map((a) => (a.id === 19 ? { ...a, id: 20 } : a)) },
      'Each answer needs a question id from 1 to 19',
    );
    await expect400(
      { id: me.id, answers: answers.map((a) => (a.id === 19 ? { ...a, id: 3 } : a)) },
      'Q3 is answered more than once',
    );
    await expect400(
      { id: me.id, answers: [...answers, answers[0]] },
      'Answer each of the 19 questions exactly once',
    );
    await expect400({ id: me.id, answers: 'all of them' }, 'answers must be a list of 19 answers');
    await expect400({ id: me.id }, 'answers must be a list of 19 answers');
    await expect400(
      { id: me.id, answers: [...answers.slice(0, 18), null] },
      'Each answer must be an object {id, choice, txt}',
    );
    await expect400({ id: 'me', answers }, 'id must be your user id');
    expect((await post({ id: me.id, answers, extra: 1 })).status).toBe(400);
    expect((await post({ id: me.id, answers: answers.map((a) => ({ ...a, txt: 42 })) })).status).toBe(400);
    expect(await sql(`select 1 from quiz_response where user_id = ?`, [me.id])).toHaveLength(0);
  });

  it('requires a verified email', async () => {
    const unverified = await t.signUp({ verify: false });
    const response = await unverified.client.post('/match/generate', {
      id: unverified.id,
      answers: fullAnswers(),
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Please verify your email before taking the quiz');
  });

  it('stores the choices (never the client text), replaces them on resubmission and records QuizSubmitted each time', async () => {
    const first = await me.client.post('/match/generate', { id: me.id, answers: fullAnswers().reverse() });
    expect(first.status).toBe(201);
    let [row] = await sql(`select choices from quiz_response where user_id = ?`, [me.id]);
    expect(row.choices.map(Number)).toEqual(fullAnswers().map((a) => a.choice));

    const second = await me.client.post('/match/generate', { id: me.id, answers: fullAnswers(() => 4) });
    expect(second.status).toBe(201);
    [row] = await sql(`select choices from quiz_response where user_id = ?`, [me.id]);
    expect(row.choices.map(Number)).toEqual(Array(19).fill(4));
    expect(await sql(`select 1 from quiz_response where user_id = ?`, [me.id])).toHaveLength(1);

    const events = await sql(
      `select payload from outbox_message where type = 'QuizSubmitted' and aggregate_id = ? order by occurred_at`,
      [me.id],
    );
    expect(events).toHaveLength(2);
    const payload = typeof events[1].payload === 'string' ? JSON.parse(events[1].payload) : events[1].payload;
    expect(payload).toEqual({ choices: Array(19).fill(4) });
    expect(JSON.stringify(events)).not.toContain('client text');
  });

  it('tells a member whether they took the quiz, only to themselves', async () => {
    const member = await t.signUp();
    const status = () => member.client.get(`/quiz/status/${member.id}`);
    expect((await status()).status).toBe(200);
    expect((await status()).body).toEqual({ answered: false });

    expect(
      (await member.client.post('/match/generate', { id: member.id, answers: fullAnswers() })).status,
    ).toBe(201);
    expect((await status()).body).toEqual({ answered: true });

    expect((await t.client().get(`/quiz/status/${member.id}`)).status).toBe(401);
    const forbidden = await me.client.get(`/quiz/status/${member.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await member.client.get('/quiz/status/not-a-uuid')).status).toBe(400);
  });
});
