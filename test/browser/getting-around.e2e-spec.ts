import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ApiClient } from '../support/api-client.js';
import { verificationLinkIn } from '../support/mail-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { avatarPng } from './support/avatar.js';
import {
  DESKTOP,
  eventually,
  expectAccessible,
  gone,
  launchBrowser,
  mainNav,
  openScenario,
  PHONE,
  screenshots,
  signInThroughForm,
  toast,
  visible,
  waitForPath,
} from './support/browser.js';

interface Question {
  id: number;
  answers: Array<{ choice: number; txt: string }>;
}

const NARROW = { width: 320, height: 640 } as const;
/** Between phone and desktop the navigation is in the header and the account menu drops down: its narrowest. */
const TABLET = { width: 640, height: 960 } as const;
const WIDTHS = [NARROW, PHONE, TABLET, DESKTOP] as const;
/** The member has a conversation (beforeAll), so 'Messages' is there: six tabs on a phone. */
const NAV_LINKS = ['Matches', 'Messages', 'Profile', 'Waitlist', 'Settings'];
const EMPTY_TEXT = "Turns out you're highly unique.";

/** The member's answers; the candidates' are derived from them (same, a little apart, mirrored). */
const CHOICES = [3, 4, 2, 5, 1, 3, 4, 4, 2, 3, 5, 4, 3, 2, 5, 4, 1, 5, 4];

/** design.md "Getting around (signed in), on phones first", at 320, 390 and 1280 px wide. */
describe('getting around, signed in, on phones first', () => {
  let t: TestApp;
  let browser: Browser;
  let member: { email: string; password: string; id: string };
  let questions: Question[];
  const shoot = screenshots('getting-around');

  async function uploadPhoto(client: ApiClient, id: string, hue: number) {
    const form = new FormData();
    form.set('id', id);
    form.set(
      'avatar',
      new Blob([new Uint8Array(await avatarPng(hue, 480))], { type: 'image/png' }),
      'me.png',
    );
    expect((await client.request('POST', '/image/upload', { body: form })).status).toBeLessThan(300);
  }

  async function submitQuiz(client: ApiClient, id: string, choices: number[]) {
    const answers = questions.map((q, i) => ({
      id: q.id,
      choice: choices[i]!,
      txt: q.answers.find((a) => a.choice === choices[i])!.txt,
    }));
    expect((await client.post('/match/generate', { id, answers })).status).toBeLessThan(300);
  }

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    questions = ((await t.client().get('/quiz/questions')).body as { questions: Question[] }).questions.sort(
      (a, b) => a.id - b.id,
    );
    // Three candidates with long bios (a tall card on a phone), and the member who browses them.
    const variants = [
      CHOICES,
      CHOICES.map((c, i) => (i % 3 === 0 ? (c === 5 ? 4 : c + 1) : c)),
      CHOICES.map((c) => 6 - c),
    ];
    const ids: string[] = [];
    for (const [i, name] of ['Liam Walker', 'Ethan Brooks', 'Owen Reyes'].entries()) {
      const person = await t.signUp({ name });
      await person.client.post('/user/setProfile', {
        id: person.id,
        city: 'Denver',
        state: 'CO',
        age: 30 + i,
        gender: 'male',
        preferredSex: 'female',
        education: 'M.A. History',
        jobTitle: `@${name.split(' ')[0]!.toLowerCase()}`,
        bio: 'Love is a long walk that neither of you wants to end, a kitchen full of friends, and a quiet morning after.',
      });
      await uploadPhoto(person.client, person.id, 40 + i * 90);
      await submitQuiz(person.client, person.id, variants[i]!);
      ids.push(person.id);
    }
    const maya = await t.signUp({ name: 'Maya Chen' });
    await maya.client.post('/user/setProfile', {
      id: maya.id,
      city: 'Boulder',
      state: 'CO',
      age: 29,
      gender: 'female',
      preferredSex: 'male',
      jobTitle: '@maya.chen',
      bio: 'Love is choosing each other on ordinary Tuesdays.',
    });
    await uploadPhoto(maya.client, maya.id, 330);
    await submitQuiz(maya.client, maya.id, CHOICES);
    member = { email: maya.email, password: maya.password, id: maya.id };
    // A conversation with someone outside her matches (no profile, no quiz), so that her navigation is complete:
    // 'Messages' shows once conversations exist.
    const noah = await t.signUp({ name: 'Noah Park' });
    const [userA, userB] = [maya.id, noah.id].sort();
    await (t.app.get(MikroORM).em.fork() as SqlEntityManager)
      .getConnection()
      .execute(`insert into connection (id, user_a, user_b) values (?, ?, ?)`, [
        crypto.randomUUID(),
        userA,
        userB,
      ]);
    // Candidates count once the matcher has their personality vectors.
    const em = t.app.get(MikroORM).em.fork() as SqlEntityManager;
    await eventually(async () => {
      const rows: Array<{ n: string | number }> = await em
        .getConnection()
        .execute(`select count(*) as n from personality_vector where user_id in (?, ?, ?, ?)`, [
          ...ids,
          maya.id,
        ]);
      expect(Number(rows[0]!.n)).toBe(4);
    }, 60_000);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const isPhone = (page: Page) => page.viewportSize()!.width < 640;

  async function signedIn(viewport: { width: number; height: number }) {
    const scenario = await openScenario(browser, t, { ageConfirmed: true, viewport });
    await signInThroughForm(scenario.page, member);
    return scenario;
  }

  async function expectNoSidewaysScroll(page: Page, where: string) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth)
      throw new Error(`${where}: scrolls sideways (${scrollWidth} > ${innerWidth})`);
  }

  /** On phones every visible button, navigation link and radio's label is a 44 px tall target. */
  async function expectTouchTargets(page: Page, where: string) {
    if (!isPhone(page)) return;
    const small = await page.evaluate(async () => {
      // Sizes as they end up: a dialog still rising in is scaled down.
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
      const targets = [
        ...document.querySelectorAll<HTMLElement>(
          // Links that stand alone (in a heading, or alone in a line of text) count; a link inside a
          // sentence beside others is text, not a target of its own.
          'button, [role="button"], [role="menuitem"], nav a, footer a, header a, h2 a, h3 a, p > a:only-child, label:has(input[type="radio"])',
        ),
      ];
      return (
        targets
          .filter((el) => {
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            // Visually hidden helpers (the skip link before focus, sr-only text) are not targets.
            return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && !el.closest('[inert]');
          })
          // A paragraph of prose is not a line of its own.
          .filter((el) => !el.matches('p > a') || (el.parentElement?.textContent ?? '').length < 60)
          .filter((el) => el.getBoundingClientRect().height < 44)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}" ${Math.round(el.getBoundingClientRect().height)}px`,
          )
      );
    });
    if (small.length > 0) throw new Error(`${where}: targets under 44 px: ${small.join('; ')}`);
  }

  /** The main navigation: its links, where it sits, and 'Log out' and 'Premium' within reach. */
  async function expectMainNav(page: Page, where: string) {
    const nav = await visible(mainNav(page));
    expect(await page.getByRole('navigation').count()).toBe(1);
    for (const name of NAV_LINKS) await visible(nav.getByRole('link', { name, exact: true }));
    const box = (await nav.boundingBox())!;
    const viewport = page.viewportSize()!;
    if (isPhone(page)) {
      // A tab bar along the bottom of the screen, every label whole (six tabs at 320 px too).
      expect(Math.round(box.y + box.height)).toBe(viewport.height);
      expect(Math.round(box.width)).toBe(viewport.width);
      const cut = await nav
        .locator('.main-nav__label')
        .evaluateAll((labels) =>
          labels
            .filter(
              (label) => label.getBoundingClientRect().width > 0 && label.scrollWidth > label.clientWidth,
            )
            .map((label) => label.textContent),
        );
      if (cut.length > 0) throw new Error(`${where}: tab labels cut off: ${cut.join(', ')}`);
      // The address is behind the account menu, never squeezed into the header.
      expect(await page.getByRole('banner').getByText(member.email).isVisible()).toBe(false);
    } else {
      expect(box.y).toBeLessThan(80);
      // In the header, side by side: no entry drawn over the next.
      const overlaps = await nav.locator('.main-nav__item, .account__panel').evaluateAll((items) =>
        items
          .map((item) => item.getBoundingClientRect())
          .filter((box) => box.width > 0)
          .flatMap((box, i, boxes) => (i > 0 && box.left < boxes[i - 1]!.right - 1 ? [i] : [])),
      );
      if (overlaps.length > 0)
        throw new Error(`${where}: navigation entries overlap (${overlaps.join(', ')})`);
    }
    expect(await page.getByRole('banner').locator('nav[aria-label="Main"]').count()).toBe(1);
    await expectNoSidewaysScroll(page, where);
    await expectTouchTargets(page, where);
  }

  /** Phones and mid-sized screens keep the account menu behind its button; wide ones show it open. */
  async function openAccount(page: Page) {
    const nav = mainNav(page);
    const toggle = nav.getByRole('button', { name: 'Account' });
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true')
      await toggle.click();
    await visible(nav.getByRole('button', { name: 'Log out' }));
  }

  const PAGES: Array<{ path: string; name: string; ready: (page: Page) => Locator }> = [
    { path: '/', name: 'home', ready: (page) => page.getByRole('heading', { level: 1 }) },
    { path: '/match', name: 'match', ready: (page) => page.getByRole('region', { name: 'Your matches' }) },
    {
      path: '/profile',
      name: 'profile',
      ready: (page) => page.getByRole('img', { name: 'Your current photo' }),
    },
    {
      path: '/quiz',
      name: 'quiz',
      ready: (page) => page.getByRole('heading', { name: /^Question 1 of 19$/ }),
    },
    { path: '/waitlist', name: 'waitlist', ready: (page) => page.getByText('Position') },
    { path: '/settings', name: 'settings', ready: (page) => page.getByText("You haven't blocked anyone.") },
    { path: '/premium', name: 'premium', ready: (page) => page.getByRole('heading', { name: 'Go Premium' }) },
  ];

  it.each(WIDTHS)('every signed-in page has the main navigation at $width px', async (viewport) => {
    const { page, pageErrors, close } = await signedIn(viewport);
    for (const screen of PAGES) {
      await page.goto(screen.path);
      await visible(screen.ready(page), 60_000);
      await expectMainNav(page, `${screen.path} at ${viewport.width}px`);
      if (viewport === PHONE || viewport === DESKTOP || (viewport === NARROW && screen.name !== 'quiz'))
        await shoot(page, `${viewport.width}-${screen.name}`);
      else await expectAccessible(page, `${screen.path} at ${viewport.width}px`);
    }

    // Moving around through the navigation itself.
    await mainNav(page).getByRole('link', { name: 'Matches', exact: true }).click();
    await waitForPath(page, '/match');
    await eventually(async () =>
      expect(await mainNav(page).getByRole('link', { name: 'Matches' }).getAttribute('aria-current')).toBe(
        'page',
      ),
    );
    await mainNav(page).getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/settings');

    // 'Premium' and 'Log out' are reachable from it; the account menu shows who is signed in.
    await openAccount(page);
    await visible(mainNav(page).getByText(member.email));
    await visible(mainNav(page).getByText('Logged in as'));
    await expectNoSidewaysScroll(page, `account menu at ${viewport.width}px`);
    await expectTouchTargets(page, `account menu at ${viewport.width}px`);
    if (viewport === PHONE || viewport === TABLET) await shoot(page, `${viewport.width}-account-menu`);
    await mainNav(page).getByRole('link', { name: 'Premium' }).click();
    await waitForPath(page, '/premium');
    await visible(page.getByRole('heading', { name: 'Go Premium' }));
    await openAccount(page);
    await mainNav(page).getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    await visible(page.getByRole('banner').getByRole('button', { name: 'Sign in' }));
    expect(await mainNav(page).count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await close();
  });

  it.each([PHONE, DESKTOP])(
    'a public page (the tour too) opened directly keeps the main navigation of a remembered member at $width px',
    async (viewport) => {
      const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true, viewport });
      await signInThroughForm(page, member, { rememberMe: true });
      for (const [path, ready] of [
        ['/does-not-exist', 'Page not found'],
        ['/onboarding', 'Welcome'],
        ['/terms', 'Terms of Use'],
        ['/privacy', 'Privacy Policy'],
      ] as const) {
        // A reload: the session comes back from the refresh cookie, on a page that does not need one.
        await page.goto(path);
        await visible(page.getByRole('heading', { level: 1, name: ready }));
        const where = `${path} opened directly at ${viewport.width}px`;
        // The legal pages have their own table of contents (a second landmark): the Main one is checked here.
        if (path === '/does-not-exist' || path === '/onboarding') await expectMainNav(page, where);
        else {
          for (const name of NAV_LINKS) await visible(mainNav(page).getByRole('link', { name, exact: true }));
          expect(await page.getByRole('banner').locator('nav[aria-label="Main"]').count()).toBe(1);
          await expectNoSidewaysScroll(page, where);
          await expectTouchTargets(page, where);
        }
        await openAccount(page);
        expect(new URL(page.url()).pathname).toBe(path);
      }
      await shoot(page, `${viewport.width}-terms-signed-in`);
      expect(pageErrors).toEqual([]);
      await close();
    },
  );

  it('home on a new device leads with today’s matches for a member who took the quiz', async () => {
    // A fresh browser: nothing in its storage says the quiz was taken (it was, through the API).
    const { page, pageErrors, close } = await signedIn(PHONE);
    await visible(page.getByRole('heading', { level: 1, name: 'Your matches are waiting' }));
    expect(await page.getByText('Next up: the compatibility quiz').count()).toBe(0);
    const quizCard = page
      .locator('.home-card')
      .filter({ has: page.getByRole('link', { name: 'Take the Quiz' }) });
    await visible(quizCard.getByText('Done', { exact: true }));
    const next = page.locator('.home-card').filter({ hasText: 'Next step' });
    expect(await next.count()).toBe(1);
    await visible(next.getByRole('link', { name: "Today's Matches" }));
    expect(pageErrors).toEqual([]);
    await close();
  });

  it.each([PHONE, DESKTOP])('/match: an error shows a card with Try again at $width px', async (viewport) => {
    const { page, pageErrors, close } = await signedIn(viewport);
    await page.route('**/api/match/new', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
      }),
    );
    await page.goto('/match');
    const card = await visible(
      page.getByRole('alert').filter({ hasText: 'We couldn’t load today’s matches.' }),
    );
    await visible(card.getByText('Something went wrong on our side.'));
    expect(await page.getByText(EMPTY_TEXT).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(0);
    await expectNoSidewaysScroll(page, '/match error');
    await expectTouchTargets(page, '/match error');
    await shoot(page, `${viewport.width}-match-error`);

    // Offline: the API cannot be reached at all.
    await page.unroute('**/api/match/new');
    await page.route('**/api/match/new', (route) => route.abort('internetdisconnected'));
    await card.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByRole('alert').getByText('Check your internet connection'));
    expect(await page.getByText(EMPTY_TEXT).count()).toBe(0);

    // Back online, 'Try again' brings the cards; its focus goes to the page's heading, not to nothing.
    await page.unroute('**/api/match/new');
    await page.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('region', { name: 'Your matches' }), 60_000);
    await gone(page.getByRole('alert'));
    await eventually(async () =>
      expect(await page.evaluate(() => document.activeElement?.matches('main h1') ?? false)).toBe(true),
    );

    expect(pageErrors).toEqual([]);
    await close();
  });

  const currentCard = (page: Page): Locator =>
    page.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getByRole('article');

  /** The element is inside the screen and nothing (sticky header, controls, tab bar) lies over its middle. */
  async function expectInView(locator: Locator, what: string) {
    await eventually(async () => {
      const seen = await locator.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(
          box.left + Math.min(box.width / 2, 40),
          box.top + box.height / 2,
        );
        return {
          inside: box.top >= 0 && box.bottom <= window.innerHeight,
          uncovered: hit !== null && (el === hit || el.contains(hit)),
          top: Math.round(box.top),
          scrollY: Math.round(window.scrollY),
          hit: hit ? `${hit.tagName} ${hit.className}` : null,
        };
      });
      if (!seen.inside || !seen.uncovered) throw new Error(`${what} is not in view: ${JSON.stringify(seen)}`);
    }, 5_000);
  }

  it('the carousel at 390 px: the position above the card, the next name brought into view', async () => {
    const { page, pageErrors, close } = await signedIn(PHONE);
    await page.goto('/match');
    await visible(page.getByRole('region', { name: 'Your matches' }), 60_000);

    const position = await visible(page.getByText('1 of 3', { exact: true }));
    const card = currentCard(page);
    expect((await position.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);

    // Read the first card to its end, then move on: the new name comes into view, below the controls.
    await card.getByText('AI Generated Compatibility Summary').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    const next = page.getByRole('button', { name: 'Next match' });
    await expectInView(next, 'Next match, with the first card read to its end');
    await next.click();
    await visible(page.getByText('2 of 3', { exact: true }));
    await expectInView(currentCard(page).getByRole('heading', { level: 2 }), 'the second card’s name');

    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await next.click();
    await visible(page.getByText('3 of 3', { exact: true }));
    await expectInView(currentCard(page).getByRole('heading', { level: 2 }), 'the third card’s name');
    await visible(currentCard(page).getByText('Wild card', { exact: true }));

    expect(pageErrors).toEqual([]);
    await close();
  });

  /** Width over height of what is drawn, and how the picture is placed in it. */
  async function frameOf(img: Locator) {
    await eventually(async () =>
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0),
    );
    return img.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return { ratio: box.width / box.height, fit: style.objectFit, position: style.objectPosition };
    });
  }

  it.each([PHONE, DESKTOP])(
    'photos sit in a 4:5 frame anchored near the top at $width px',
    async (viewport) => {
      const { page, pageErrors, close } = await signedIn(viewport);
      await page.goto('/match');
      const photo = await visible(currentCard(page).getByRole('img', { name: /^Photo of / }), 60_000);
      const card = await frameOf(photo);
      expect(card.ratio).toBeCloseTo(0.8, 1);
      expect(card.fit).toBe('cover');
      expect(card.position).toBe('50% 20%');
      // The frame does not grow with the text beside it.
      await page.getByRole('button', { name: 'Next match' }).click();
      expect((await frameOf(currentCard(page).getByRole('img', { name: /^Photo of / }))).ratio).toBeCloseTo(
        0.8,
        1,
      );

      await page.goto('/profile');
      const preview = await frameOf(await visible(page.getByRole('img', { name: 'Your current photo' })));
      expect(preview.ratio).toBeCloseTo(0.8, 2);
      expect(preview).toMatchObject({ fit: card.fit, position: card.position });
      // Phones are not told to drag and drop.
      if (isPhone(page)) expect(await page.getByText(/drop/i).filter({ visible: true }).count()).toBe(0);

      expect(pageErrors).toEqual([]);
      await close();
    },
  );

  it('the quiz’s Next is on screen without scrolling at 390×844 for every question', async () => {
    const { page, pageErrors, close } = await signedIn(PHONE);
    await page.goto('/quiz');
    const next = page.getByRole('button', { name: 'Next', exact: true });
    const answers = page.getByRole('radiogroup').getByRole('radio');
    // No keyboard tip on a touch screen.
    await visible(page.getByRole('heading', { name: 'Question 1 of 19' }));
    expect(await page.getByText(/Tip: press/).isVisible()).toBe(false);
    for (let i = 0; i < 19; i++) {
      await visible(page.getByRole('heading', { name: `Question ${i + 1} of 19` }));
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await answers.nth(CHOICES[i]! - 1).click();
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expectInView(next, `Next on question ${i + 1}`);
      await expectNoSidewaysScroll(page, `question ${i + 1}`);
      if (i < 18) await next.click();
    }
    await next.click();
    await visible(page.getByRole('dialog', { name: 'Submit answers?' }));
    expect(pageErrors).toEqual([]);
    await close();
  });

  it.each([PHONE, DESKTOP])('an unverified member can resend the email at $width px', async (viewport) => {
    const person = await t.signUp({ verify: false });
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true, viewport });
    await signInThroughForm(page, person);

    // The banner, on every page.
    const banner = await visible(page.getByRole('region', { name: 'Verify your email', exact: true }));
    await expectNoSidewaysScroll(page, 'unverified home');
    await expectTouchTargets(page, 'unverified home');
    await shoot(page, `${viewport.width}-unverified-home`);
    await banner.getByRole('button', { name: 'Resend email' }).click();
    const sent = await visible(toast(page, 'Verification email sent'));
    await expectTouchTargets(page, 'with a toast');
    expect(verificationLinkIn(await t.mail.waitFor(person.email)).id).toBe(person.id);
    // On a phone the toast leaves the page title in sight.
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const note = (await sent.boundingBox())!;
    expect(note.y + note.height <= title.y || note.y >= title.y + title.height).toBe(true);
    await sent.getByRole('button', { name: 'Dismiss notification' }).click();

    // The 'Please verify your email' dialog, from home and from the navigation.
    await page.getByRole('link', { name: 'Take the Quiz' }).click();
    let dialog = await visible(page.getByRole('dialog', { name: 'Please verify your email' }));
    await shoot(page, `${viewport.width}-verify-dialog`);
    await dialog.getByRole('button', { name: 'Resend email' }).click();
    await visible(toast(page, 'Verification email sent'));
    await dialog.getByRole('button', { name: 'OK' }).click();
    await gone(dialog);

    await mainNav(page).getByRole('link', { name: 'Matches' }).click();
    dialog = await visible(page.getByRole('dialog', { name: 'Please verify your email' }));
    await visible(dialog.getByRole('button', { name: 'Resend email' }));
    await page.keyboard.press('Escape');
    await gone(dialog);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/profile');
    await visible(
      page
        .getByRole('region', { name: 'Verify your email', exact: true })
        .getByRole('button', { name: 'Resend email' }),
    );
    expect(pageErrors).toEqual([]);
    await close();
  });

  it.each([PHONE, DESKTOP])(
    'Escape on Block and Report returns focus to More options at $width px',
    async (viewport) => {
      const { page, pageErrors, close } = await signedIn(viewport);
      await page.goto('/match');
      const card = currentCard(page);
      const more = await visible(card.getByRole('button', { name: 'More options' }), 60_000);
      const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

      for (const [item, dialogName] of [
        ['Block', /^Block .+\?$/],
        ['Report', /^Report /],
      ] as const) {
        await more.click();
        await page.getByRole('menuitem', { name: item }).click();
        const dialog = await visible(page.getByRole('dialog', { name: dialogName }));
        if (item === 'Report') {
          await expectTouchTargets(page, 'report dialog');
          await shoot(page, `${viewport.width}-report-dialog`);
        }
        await page.keyboard.press('Escape');
        await gone(dialog);
        await eventually(async () => expect(await focusedLabel()).toBe('More options'));
        // Focus moving in and out of the card never shifts the carousel sideways.
        const region = (await page.getByRole('region', { name: 'Your matches' }).boundingBox())!;
        expect(Math.abs((await card.boundingBox())!.x - region.x)).toBeLessThan(8);
      }
      expect(pageErrors).toEqual([]);
      await close();
    },
  );

  it('offline, a page says so and offers to try again', async () => {
    const { page, context, close } = await signedIn(PHONE);
    await page.goto('/profile');
    await visible(page.getByRole('img', { name: 'Your current photo' }));

    // The waitlist's code and data are not in this browser yet.
    await context.setOffline(true);
    await mainNav(page).getByRole('link', { name: 'Waitlist' }).click();
    await visible(page.getByRole('heading', { name: 'You’re offline' }));
    await visible(page.getByText('Check your Wi-Fi or mobile data'));
    await visible(mainNav(page));
    await expectNoSidewaysScroll(page, 'offline page');
    await expectTouchTargets(page, 'offline page');
    await shoot(page, '390-offline');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByText('Position'));
    await close();
  });

  it.each([NARROW, PHONE])('pages before signing in fit $width px, with 44 px targets', async (viewport) => {
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true, viewport });
    for (const [path, ready] of [
      ['/', /The Future of Love/],
      ['/signin', 'Sign in'],
      ['/signup', 'Create your account'],
      ['/forgotPassword', 'Forgot your password?'],
      ['/onboarding', 'Welcome'],
      ['/terms', 'Terms of Use'],
      ['/privacy', 'Privacy Policy'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole('heading', { name: ready, exact: typeof ready === 'string' }).first());
      await expectNoSidewaysScroll(page, `${path} at ${viewport.width}px`);
      await expectTouchTargets(page, `${path} at ${viewport.width}px`);
    }
    // What a member typed: a long address wraps in "Check your email".
    await page.goto('/forgotPassword');
    await page.getByLabel('Email').fill('someone.with.a.rather.long.address@example-mail.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByRole('heading', { name: 'Check your email' }));
    await expectNoSidewaysScroll(page, `'Check your email' at ${viewport.width}px`);
    // A refused verification link: its buttons' labels wrap rather than being cut.
    await page.goto(`/verifyEmail/${randomUUID()}/not-a-token`);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await visible(page.getByRole('heading', { name: 'Verification Failed' }));
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('main button, main a')]
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    await expectNoSidewaysScroll(page, `'Verification Failed' at ${viewport.width}px`);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('sign in starts in Email', async () => {
    const { page, close } = await openScenario(browser, t, { ageConfirmed: true, viewport: PHONE });
    await page.goto('/signin');
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await eventually(async () =>
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe(
        'email',
      ),
    );
    await close();
  });
});
