import { createHandlerContext, type HandlerContext } from '../../../../test/support/handler-context.js';
import { User, UserRepository } from '../../../accounts/index.js';
import { QUESTION_COUNT } from '../../questions.js';
import { QuizResponseRepository } from '../../quiz-response.repository.js';
import { SubmitQuizCommand } from './submit-quiz.command.js';
import { SubmitQuizHandler } from './submit-quiz.handler.js';

/** Choices in question order: Q1 → choices[0]. */
const firstChoices = Array.from({ length: QUESTION_COUNT }, (_, i) => (i % 5) + 1);
const secondChoices = Array.from({ length: QUESTION_COUNT }, (_, i) => 5 - (i % 5));

/** The answers as a client sends them, in any order. */
const answersOf = (choices: number[]) => choices.map((choice, i) => ({ id: i + 1, choice })).reverse();

describe('SubmitQuizHandler (on a real database)', () => {
  let t: HandlerContext;
  let responses: QuizResponseRepository;

  // async: the handler checks the answers before its transaction starts and throws those errors synchronously.
  const submit = async (userId: string, answers: { id: number; choice: number }[]) =>
    t.commands.execute(new SubmitQuizCommand(userId, answers));
  const storedChoices = (userId: string) => responses.findChoices(t.orm.em.fork(), userId);

  beforeAll(async () => {
    t = await createHandlerContext({
      entities: [User],
      providers: [UserRepository, QuizResponseRepository, SubmitQuizHandler],
    });
    responses = t.app.get(QuizResponseRepository);
  });
  afterAll(() => t?.close());

  it('stores the answers as choices in question order and records QuizSubmitted with them', async () => {
    const userId = await t.addAccount({ verified: true });

    await expect(submit(userId, answersOf(firstChoices))).resolves.toEqual({ submitted: true });

    expect(await storedChoices(userId)).toEqual(firstChoices);
    expect(await t.eventsOf(userId)).toEqual([
      { type: 'QuizSubmitted', aggregate_id: userId, payload: { choices: firstChoices } },
    ]);
  });

  it('replaces the earlier answers on a resubmission (one row) and records a QuizSubmitted for each', async () => {
    const userId = await t.addAccount({ verified: true });
    await submit(userId, answersOf(firstChoices));

    await submit(userId, answersOf(secondChoices));

    expect(await t.sql(`select 1 from quiz_response where user_id = ?`, [userId])).toHaveLength(1);
    expect(await storedChoices(userId)).toEqual(secondChoices);
    expect((await t.eventsOf(userId)).map((event) => event.payload)).toEqual([
      { choices: firstChoices },
      { choices: secondChoices },
    ]);
  });

  it('refuses an unverified account (403) and stores nothing', async () => {
    const userId = await t.addAccount({ verified: false });

    await expect(submit(userId, answersOf(firstChoices))).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'Please verify your email before taking the quiz',
    });
    expect(await storedChoices(userId)).toBeNull();
    expect(await t.eventsOf(userId)).toEqual([]);
  });

  it('refuses an incomplete or repeated set of answers and stores nothing', async () => {
    const userId = await t.addAccount({ verified: true });
    const answers = answersOf(firstChoices);

    await expect(
      submit(
        userId,
        answers.filter((answer) => answer.id !== 7),
      ),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Missing answer for Q7',
    });
    await expect(submit(userId, [...answers, { id: 3, choice: 1 }])).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Q3 is answered more than once',
    });
    expect(await storedChoices(userId)).toBeNull();
    expect(await t.eventsOf(userId)).toEqual([]);
  });

  it('refuses a malformed submission through its promise, never by throwing at the caller', async () => {
    const userId = await t.addAccount({ verified: true });
    let pending: Promise<unknown> | undefined;

    expect(() => {
      pending = t.app.get(SubmitQuizHandler).execute(new SubmitQuizCommand(userId, []));
    }).not.toThrow();
    await expect(pending).rejects.toMatchObject({ kind: 'invalid' });
  });
});
