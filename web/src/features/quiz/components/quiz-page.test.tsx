import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { QuizPage } from './quiz-page';
import { renderRoutes } from '@/test/render';

const USER_ID = '6f1c8d2e-4b5a-4c3d-9e8f-7a6b5c4d3e2f';
const THEMES = [
  'sociability',
  'weekends',
  'food',
  'group work',
  'change',
  'conflict',
  'decisions',
  'Friday nights',
  'fitness',
  'alone time',
  'affection',
  'communication frequency',
  'timing of life-goal talks',
  'free time',
  'travel',
  'music',
  'politics',
  'family/kids',
  'personal growth',
];
// The server is the source of the wording; these texts exist only to prove the page renders what it is given.
const QUESTIONS = THEMES.map((theme, i) => ({
  id: i + 1,
  theme,
  text: `Server question ${i + 1} about ${theme}?`,
  answers: [1, 2, 3, 4, 5].map((choice) => ({ choice, txt: `Q${i + 1} answer ${choice}` })),
}));

type Call = { url: string; method: string; body: unknown };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubApi(generate: () => Response = () => json({}, 201)) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (method === 'GET' && url === '/api/quiz/questions') return json({ questions: QUESTIONS });
      if (method === 'POST' && url === '/api/match/generate') return generate();
      return json({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, 404);
    }),
  );
  return calls;
}

function renderQuiz() {
  return renderRoutes(
    [
      { path: '/quiz', element: <QuizPage /> },
      { path: '/match', element: <p>Matches page</p> },
    ],
    '/quiz',
  );
}

const answer = (n: number, choice: number) =>
  screen.getByRole('radio', { name: new RegExp(`Q${n} answer ${choice}$`) });
const next = () => screen.getByRole('button', { name: 'Next' });
const previous = () => screen.getByRole('button', { name: 'Previous' });

/** Waits for a question heading and for React to finish committing (the keyboard listener is an effect). */
async function showing(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  await act(async () => {});
  return heading;
}

/** Answers every question from the current one to the last with the mouse, ending on the last question. */
function answerAll(from = 1) {
  for (let n = from; n <= 19; n++) {
    fireEvent.click(answer(n, ((n - 1) % 5) + 1));
    if (n < 19) fireEvent.click(next());
  }
}

beforeEach(() => {
  sessionStorage.clear();
  authStore.setAuth({ id: USER_ID, email: 'ada@example.com', accessToken: 'token', verification: true });
});

afterEach(() => vi.unstubAllGlobals());

describe('QuizPage navigation', () => {
  it('renders the server questions one at a time with Previous/Next rules', async () => {
    stubApi();
    renderQuiz();

    expect(await showing('Question 1 of 19')).toBeInTheDocument();
    expect(screen.getByText('Server question 1 about sociability?')).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Server question 1 about sociability?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();

    fireEvent.click(answer(1, 4));
    expect(answer(1, 4)).toHaveAttribute('aria-checked', 'true');
    expect(next()).toBeEnabled();
    fireEvent.click(next());

    expect(screen.getByRole('heading', { name: 'Question 2 of 19' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(previous()).toBeEnabled();
    expect(next()).toBeDisabled();
    fireEvent.click(previous());
    expect(screen.getByRole('heading', { name: 'Question 1 of 19' })).toBeInTheDocument();
    expect(answer(1, 4)).toHaveAttribute('aria-checked', 'true');
  });

  it('picks with keys 1–5 and moves with the arrow keys', async () => {
    stubApi();
    renderQuiz();
    await showing('Question 1 of 19');

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Question 1 of 19' })).toBeInTheDocument();

    fireEvent.keyDown(document.body, { key: '3' });
    expect(answer(1, 3)).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(document.body, { key: '5' });
    expect(answer(1, 5)).toHaveAttribute('aria-checked', 'true');
    expect(answer(1, 3)).toHaveAttribute('aria-checked', 'false');

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Question 2 of 19' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByRole('heading', { name: 'Question 1 of 19' })).toBeInTheDocument();

    // Inside the radio group ↓/↑ move the choice, as radio groups do.
    fireEvent.keyDown(answer(1, 5), { key: 'ArrowDown' });
    expect(answer(1, 1)).toHaveAttribute('aria-checked', 'true');
    expect(answer(1, 1)).toHaveFocus();
    fireEvent.keyDown(answer(1, 1), { key: 'ArrowUp' });
    expect(answer(1, 5)).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps answers and position across a reload (sessionStorage)', async () => {
    stubApi();
    const first = renderQuiz();
    await showing('Question 1 of 19');
    fireEvent.click(answer(1, 2));
    fireEvent.click(next());
    fireEvent.click(answer(2, 5));
    first.unmount();

    renderQuiz();
    expect(await showing('Question 2 of 19')).toBeInTheDocument();
    expect(answer(2, 5)).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(previous());
    expect(answer(1, 2)).toHaveAttribute('aria-checked', 'true');
  });
});

describe('QuizPage submission', () => {
  it('confirms, posts all 19 answers with their texts, then offers the matches', async () => {
    const calls = stubApi();
    const { router } = renderQuiz();
    await showing('Question 1 of 19');
    answerAll();

    expect(screen.getByRole('heading', { name: 'Question 19 of 19' })).toBeInTheDocument();
    fireEvent.click(next());
    const confirm = screen.getByRole('dialog', { name: 'Submit answers?' });

    // Review closes the dialog and keeps the answers.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Review' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(answer(19, 4)).toHaveAttribute('aria-checked', 'true');

    fireEvent.click(next());
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Submit answers?' })).getByRole('button', { name: 'Submit' }),
    );

    const done = await screen.findByRole('dialog', { name: "You're all set!" });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/match/generate');
    expect(post?.body).toEqual({
      id: USER_ID,
      answers: QUESTIONS.map((q) => {
        const choice = ((q.id - 1) % 5) + 1;
        return { id: q.id, choice, txt: `Q${q.id} answer ${choice}` };
      }),
    });
    expect(sessionStorage.length).toBe(0);

    fireEvent.click(within(done).getByRole('button', { name: 'View your matches!' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'));
  });

  it('returns to the confirm dialog with an error toast when the post fails', async () => {
    stubApi(() =>
      json({ statusCode: 503, error: 'Service Unavailable', message: 'Please try again shortly' }, 503),
    );
    renderQuiz();
    await showing('Question 1 of 19');
    answerAll();
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please try again shortly')).toBeInTheDocument();
    const confirm = screen.getByRole('dialog', { name: 'Submit answers?' });
    expect(within(confirm).getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: "You're all set!" })).not.toBeInTheDocument();
    // Nothing was lost: the answers are still saved for another try.
    expect(sessionStorage.length).toBe(1);
  });

  it("refuses to post with a gap, showing 'Missing answer for Q{n}' and jumping there", async () => {
    const choices = Object.fromEntries(QUESTIONS.filter((q) => q.id !== 7).map((q) => [q.id, 1]));
    sessionStorage.setItem(`fa_quizProgress:${USER_ID}`, JSON.stringify({ index: 18, choices }));
    const calls = stubApi();
    renderQuiz();

    expect(await showing('Question 19 of 19')).toBeInTheDocument();
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Missing answer for Q7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Question 7 of 19' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
