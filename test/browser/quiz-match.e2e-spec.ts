import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ApiClient } from '../support/api-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { avatarPng } from './support/avatar.js';
import {
  eventually,
  gone,
  launchBrowser,
  openScenario,
  screenshots,
  signInThroughForm,
  visible,
  waitForPath,
} from './support/browser.js';

interface Question {
  id: number;
  answers: Array<{ choice: number; txt: string }>;
}

/** The browser user's answers, typed with the keys 1–5; each candidate's answers are derived from them. */
const MAYA = [3, 4, 2, 5, 1, 3, 4, 4, 2, 3, 5, 4, 3, 2, 5, 4, 1, 5, 4];

const CANDIDATES = [
  {
    name: 'Liam Walker',
    profile: {
      city: 'Denver',
      state: 'CO',
      age: 31,
      education: 'M.A. History',
      jobTitle: '@liam.walks',
      bio: 'Love is a long walk that neither of you wants to end.',
    },
    // Identical answers: the best match.
    choices: MAYA,
    hue: 210,
  },
  {
    name: 'Ethan Brooks',
    profile: {
      city: 'Austin',
      state: 'TX',
      age: 28,
      education: 'B.S. Nursing',
      jobTitle: '@ethan.b',
      bio: 'Love is showing up, especially when it is inconvenient.',
    },
    // Every third answer one step away: in between.
    choices: MAYA.map((c, i) => (i % 3 === 0 ? (c === 5 ? 4 : c + 1) : c)),
    hue: 30,
  },
  {
    name: 'Owen Reyes',
    profile: {
      city: 'Seattle',
      state: 'WA',
      age: 34,
      education: 'B.F.A. Design',
      jobTitle: '@owen.draws',
      bio: 'Love is a quiet room with the right person in it.',
    },
    // Mirrored answers: the worst match.
    choices: MAYA.map((c) => 6 - c),
    hue: 120,
  },
];

/** Spec sections 2 and 4: the quiz, the matches carousel, and the home confirm modal. */
describe('quiz and matches in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  const shoot = screenshots('quiz-match');

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function uploadPhoto(client: ApiClient, id: string, hue: number) {
    const form = new FormData();
    form.set('id', id);
    form.set(
      'avatar',
      new Blob([new Uint8Array(await avatarPng(hue, 320))], { type: 'image/png' }),
      'photo.png',
    );
    const uploaded = await client.request('POST', '/image/upload', { body: form });
    expect(uploaded.status).toBeLessThan(300);
  }

  async function submitQuiz(client: ApiClient, id: string, questions: Question[], choices: number[]) {
    const answers = questions.map((q, i) => ({
      id: q.id,
      choice: choices[i]!,
      txt: q.answers.find((a) => a.choice === choices[i])!.txt,
    }));
    const submitted = await client.post('/match/generate', { id, answers });
    expect(submitted.status).toBeLessThan(300);
  }

  /**
   * Candidates enter the pool once the matcher has turned their quiz into a personality vector (an
   * asynchronous reaction to QuizSubmitted); wait for that before the browser asks for matches.
   */
  async function waitForPersonalityVectors(userIds: string[]) {
    const em = t.app.get(MikroORM).em.fork() as SqlEntityManager;
    await eventually(async () => {
      const rows: Array<{ n: string | number }> = await em
        .getConnection()
        .execute(
          `select count(*) as n from personality_vector where user_id in (${userIds.map(() => '?').join(', ')})`,
          userIds,
        );
      expect(Number(rows[0]!.n)).toBe(userIds.length);
    }, 30_000);
  }

  /** The carousel slide in view (the others are aria-hidden and inert). */
  const currentCard = (page: Page): Locator =>
    page.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getByRole('article');

  async function expectCard(card: Locator, tier: string, name: string) {
    await visible(card.getByText(tier, { exact: true }));
    await visible(card.getByRole('heading', { name, exact: true }));
    expect(await card.getByText(/^\d{1,3}%$/).count()).toBe(1);
    await visible(card.getByRole('heading', { name: 'About' }));
    await visible(card.getByRole('heading', { name: 'AI Generated Compatibility Summary' }));
    const summary = await card.locator('.match-card__summary p').innerText();
    expect(summary.trim().length).toBeGreaterThan(40);
    const photo = await visible(card.getByRole('img', { name: `Photo of ${name}` }));
    await eventually(async () =>
      expect(
        await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      ).toBeGreaterThan(0),
    );
  }

  async function percentOf(card: Locator): Promise<number> {
    return Number((await card.getByText(/^\d{1,3}%$/).innerText()).replace('%', ''));
  }

  it('takes the quiz and browses today’s matches', async () => {
    const questions = (
      (await t.client().get('/quiz/questions')).body as { questions: Question[] }
    ).questions.sort((a, b) => a.id - b.id);
    expect(questions).toHaveLength(19);

    // Three verified men looking for women, with profiles, photos and answers.
    const seeded = [];
    for (const candidate of CANDIDATES) {
      const user = await t.signUp({ name: candidate.name });
      const saved = await user.client.post('/user/setProfile', {
        id: user.id,
        gender: 'male',
        preferredSex: 'female',
        ...candidate.profile,
      });
      expect(saved.status).toBeLessThan(300);
      await uploadPhoto(user.client, user.id, candidate.hue);
      await submitQuiz(user.client, user.id, questions, candidate.choices);
      seeded.push(user);
    }
    // The browser user: verified, with a profile, no quiz yet.
    const maya = await t.signUp({ name: 'Maya Chen' });
    await maya.client.post('/user/setProfile', {
      id: maya.id,
      city: 'Boulder',
      state: 'CO',
      age: 29,
      gender: 'female',
      preferredSex: 'male',
      bio: 'Love is choosing each other on ordinary Tuesdays.',
    });
    await uploadPhoto(maya.client, maya.id, 330);
    await waitForPersonalityVectors(seeded.map((user) => user.id));

    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true });
    await signInThroughForm(page, maya);

    // Home: "Today's Matches" asks first, and Cancel keeps the user home.
    const todaysMatches = page.getByRole('link', { name: "Today's Matches" });
    await todaysMatches.click();
    const confirm = await visible(page.getByRole('dialog', { name: "Proceed to Today's Matches?" }));
    await visible(confirm.getByText('You can only match once a day.'));
    await shoot(page, 'home-confirm-match');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await gone(confirm);
    expect(new URL(page.url()).pathname).toBe('/');

    // Proceeding before the quiz: the matches page sends the user to take it.
    await todaysMatches.click();
    await page
      .getByRole('dialog', { name: "Proceed to Today's Matches?" })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await waitForPath(page, '/match');
    const noQuiz = await visible(page.getByRole('dialog', { name: "You haven't taken the quiz yet!" }));
    await shoot(page, 'match-no-quiz');
    await noQuiz.getByRole('button', { name: 'Take the Quiz!' }).click();
    await waitForPath(page, '/quiz');

    // The quiz: one question at a time.
    const title = page.getByRole('heading', { name: /^Question \d+ of 19$/ });
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    const answers = page.getByRole('radiogroup').getByRole('radio');
    await visible(page.getByRole('heading', { name: 'Question 1 of 19' }));
    expect(await answers.count()).toBe(5);
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await shoot(page, 'quiz-question-1');

    // Question 1 by mouse; then Next, and Previous comes back with the answer kept.
    await answers.nth(MAYA[0]! - 1).click();
    expect(await answers.nth(MAYA[0]! - 1).getAttribute('aria-checked')).toBe('true');
    expect(await next.isEnabled()).toBe(true);
    await shoot(page, 'quiz-question-1-answered');
    await next.click();
    await visible(page.getByRole('heading', { name: 'Question 2 of 19' }));
    expect(await previous.isEnabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    await visible(page.getByRole('heading', { name: 'Question 1 of 19' }));
    expect(await answers.nth(MAYA[0]! - 1).getAttribute('aria-checked')).toBe('true');
    await next.click();

    // Questions 2–19 by keyboard: the digit picks the answer.
    for (let i = 1; i < 19; i++) {
      await visible(page.getByRole('heading', { name: `Question ${i + 1} of 19` }));
      await page.keyboard.press(String(MAYA[i]));
      await eventually(async () =>
        expect(await answers.nth(MAYA[i]! - 1).getAttribute('aria-checked')).toBe('true'),
      );
      if (i === 18) await shoot(page, 'quiz-question-19');
      await next.click();
    }
    expect(await title.count()).toBe(1);

    // Next on the last question asks to confirm; Review goes back, Submit sends.
    const submitDialog = await visible(page.getByRole('dialog', { name: 'Submit answers?' }));
    await shoot(page, 'quiz-submit-dialog');
    await submitDialog.getByRole('button', { name: 'Review' }).click();
    await gone(submitDialog);
    await visible(page.getByRole('heading', { name: 'Question 19 of 19' }));
    await next.click();
    await page
      .getByRole('dialog', { name: 'Submit answers?' })
      .getByRole('button', { name: 'Submit' })
      .click();
    const done = await visible(page.getByRole('dialog', { name: "You're all set!" }));
    await shoot(page, 'quiz-all-set');
    await done.getByRole('button', { name: 'View your matches!' }).click();
    await waitForPath(page, '/match');

    // Three cards: identical answers are the best match, mirrored ones the worst.
    await visible(page.getByRole('region', { name: 'Your matches' }), 60_000);
    const [liam, ethan, owen] = CANDIDATES.map((c) => c.name);
    await expectCard(currentCard(page), 'Best match', liam!);
    await visible(currentCard(page).getByText('Denver, CO'));
    await visible(currentCard(page).getByText('31 years'));
    await visible(currentCard(page).getByText(CANDIDATES[0]!.profile.bio));
    const bestPercent = await percentOf(currentCard(page));
    expect(bestPercent).toBe(100);
    await shoot(page, 'match-best');

    const nextMatch = page.getByRole('button', { name: 'Next match' });
    const previousMatch = page.getByRole('button', { name: 'Previous match' });
    expect(await previousMatch.isDisabled()).toBe(true);
    await nextMatch.click();
    await expectCard(currentCard(page), 'Medium match', ethan!);
    const mediumPercent = await percentOf(currentCard(page));
    await shoot(page, 'match-medium');

    await page.getByRole('button', { name: 'Wild card (3 of 3)' }).click();
    await expectCard(currentCard(page), 'Wild card', owen!);
    const worstPercent = await percentOf(currentCard(page));
    expect(await nextMatch.isDisabled()).toBe(true);
    expect(bestPercent).toBeGreaterThan(mediumPercent);
    expect(mediumPercent).toBeGreaterThan(worstPercent);
    await shoot(page, 'match-worst');

    await previousMatch.click();
    await expectCard(currentCard(page), 'Medium match', ethan!);
    await page.getByRole('button', { name: 'Best match (1 of 3)' }).click();
    await expectCard(currentCard(page), 'Best match', liam!);

    // Back home and through the confirm modal again: the same set, because matching happens once a day.
    await page.getByRole('link', { name: 'Fated home' }).click();
    await waitForPath(page, '/');
    await todaysMatches.click();
    await page
      .getByRole('dialog', { name: "Proceed to Today's Matches?" })
      .getByRole('button', { name: 'Proceed' })
      .click();
    await waitForPath(page, '/match');
    await expectCard(currentCard(page), 'Best match', liam!);
    expect(await percentOf(currentCard(page))).toBe(bestPercent);

    expect(pageErrors).toEqual([]);
    await close();
  });
});
