import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { verificationLinkIn } from '../support/mail-catcher.js';
import { avatarPng } from './support/avatar.js';
import {
  eventually,
  gone,
  launchBrowser,
  onTestOrigin,
  openScenario,
  PHONE,
  screenshots,
  toast,
  visible,
  waitForPath,
} from './support/browser.js';

/** Spec sections 2, 4, 5: age gate, sign up, verification, sign in with Remember me, log out, not found. */
describe('accounts in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  const shoot = screenshots('accounts');

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const header = (page: Page) => page.getByRole('banner');
  const ageGate = (page: Page) => page.getByRole('dialog', { name: 'Are you 18 or older?' });

  async function passAgeGate(page: Page, name: string) {
    await page.goto('/');
    const gate = await visible(ageGate(page));
    await shoot(page, `${name}-age-gate`);

    // Non-dismissable: Escape, a click on the backdrop and 'No' all leave it open.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await gate.getByRole('button', { name: 'No' }).click();
    expect(await gate.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('fa_ageConfirmed'))).toBeNull();

    await gate.getByRole('button', { name: "I'm 18+ and Agree" }).click();
    await gone(gate);
    expect(await page.evaluate(() => localStorage.getItem('fa_ageConfirmed'))).toBe('true');
  }

  it('age gate → sign up with a photo → verify by mail → quiz → log out → sign in with Remember me → log out', async () => {
    const { page, pageErrors, close } = await openScenario(browser, t);
    const email = `ada.${Date.now()}@example.com`;
    const password = 'correct horse battery';

    await passAgeGate(page, 'desktop');
    // The gate stays away on the next visit.
    await page.reload();
    await visible(page.getByRole('heading', { name: /The Future of Love/ }));
    expect(await ageGate(page).count()).toBe(0);
    await visible(header(page).getByRole('button', { name: 'Sign in' }));
    await visible(header(page).getByRole('button', { name: 'Sign up' }));
    await shoot(page, 'home-signed-out');

    // A visitor who follows "Take the Quiz" is asked to create an account first.
    await page.getByRole('link', { name: 'Take the Quiz' }).click();
    const prompt = await visible(page.getByRole('dialog', { name: 'Create an account to continue' }));
    await visible(prompt.getByRole('button', { name: 'Sign in' }));
    await shoot(page, 'home-signin-prompt');
    await prompt.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/signup');
    await visible(page.getByRole('heading', { name: 'Create your account' }));
    await shoot(page, 'signup-empty');

    // Client-side validation: each required field has its own toast; a mismatch clears the confirmation.
    const submit = page.getByRole('button', { name: 'Create account' });
    await submit.click();
    await visible(toast(page, 'Name required'));
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill('something else entirely');
    await submit.click();
    const mismatch = await visible(toast(page, 'Passwords do not match'));
    await visible(mismatch.getByText('Please make sure both passwords are the same.'));
    expect(await page.getByLabel('Confirm password').inputValue()).toBe('');
    await shoot(page, 'signup-passwords-do-not-match');

    // An optional profile picture, picked through the file input.
    await page.getByLabel('Profile picture (optional)').setInputFiles({
      name: 'ada.png',
      mimeType: 'image/png',
      buffer: await avatarPng(330),
    });
    await visible(page.getByRole('img', { name: 'Preview of the selected photo' }));
    await page.getByLabel('Confirm password').fill(password);
    await shoot(page, 'signup-filled');
    await submit.click();

    // Register → verification mail → sign in → photo upload → /profile.
    await waitForPath(page, '/profile');
    await visible(toast(page, 'Welcome to Fated!'));
    await visible(page.getByRole('heading', { name: 'Create Profile' }));
    // The photo picked at sign-up was uploaded and is shown on the profile.
    const current = await visible(page.getByRole('img', { name: 'Your current photo' }));
    await eventually(async () =>
      expect(
        await current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      ).toBeGreaterThan(0),
    );
    await shoot(page, 'profile-after-signup');

    // Unverified: home says so, and the quiz is blocked with 'Please verify your email'.
    await page.getByRole('link', { name: 'Fated home' }).click();
    await waitForPath(page, '/');
    await visible(header(page).getByText(email));
    await visible(page.getByText('Check your inbox.'));
    await page.getByRole('link', { name: 'Take the Quiz' }).click();
    const verifyFirst = await visible(page.getByRole('dialog', { name: 'Please verify your email' }));
    await shoot(page, 'home-verify-email-dialog');
    await verifyFirst.getByRole('button', { name: 'OK' }).click();
    await gone(verifyFirst);

    // Follow the link from the captured mail.
    const link = verificationLinkIn(await t.mail.waitFor(email));
    await page.goto(onTestOrigin(link.url, t));
    await visible(page.getByRole('heading', { name: 'Verify your email' }));
    await shoot(page, 'verify-email');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await waitForPath(page, '/quiz');
    await visible(toast(page, 'Email verified'));
    await visible(page.getByRole('heading', { name: 'Question 1 of 19' }));
    await shoot(page, 'quiz-after-verification');

    // Sign out from home.
    await page.getByRole('link', { name: 'Fated home' }).click();
    await waitForPath(page, '/');
    await visible(header(page).getByText('Logged in as'));
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await visible(header(page).getByRole('button', { name: 'Sign in' }));
    await visible(header(page).getByRole('button', { name: 'Sign up' }));
    expect(await header(page).getByText('Logged in as').count()).toBe(0);

    // Sign in: a wrong password first.
    await header(page).getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visible(page.getByText('Email or password is incorrect'));
    await visible(toast(page, 'Login failed'));
    await shoot(page, 'signin-wrong-password');

    await page.getByLabel('Password', { exact: true }).fill(password);
    const remember = page.getByRole('checkbox', { name: 'Remember me' });
    await remember.check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/');
    await visible(header(page).getByText('Logged in as'));
    await visible(header(page).getByText(email));
    await shoot(page, 'home-signed-in');

    // Remember me: a reload restores the session from the refresh cookie.
    await page.reload();
    await visible(header(page).getByText(email));

    await header(page).getByRole('button', { name: 'Log out' }).click();
    await visible(header(page).getByRole('button', { name: 'Sign in' }));
    await shoot(page, 'home-logged-out');
    // The server revoked the session: a reload stays signed out.
    await page.reload();
    await visible(header(page).getByRole('button', { name: 'Sign up' }));
    expect(await header(page).getByText('Logged in as').count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('signs up on a phone-sized screen', async () => {
    const { page, pageErrors, close } = await openScenario(browser, t, { viewport: PHONE });
    const email = `grace.${Date.now()}@example.com`;

    await passAgeGate(page, 'mobile');
    await shoot(page, 'mobile-home');
    await header(page).getByRole('button', { name: 'Sign up' }).click();
    await waitForPath(page, '/signup');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a much better password');
    await page.getByLabel('Confirm password').fill('a much better password');
    await shoot(page, 'mobile-signup-filled');
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/profile');
    await visible(page.getByRole('heading', { name: 'Create Profile' }));
    await shoot(page, 'mobile-profile-after-signup');

    // Nothing spills sideways on a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows Verification Failed for an invalid link, with a way back to sign in', async () => {
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true });

    await page.goto(`/verifyEmail/${randomUUID()}/not-a-real-token`);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await visible(page.getByRole('heading', { name: 'Verification Failed' }));
    await visible(
      page.getByText(
        'Your verification token has expired or is invalid. Please request a new verification email.',
      ),
    );
    await visible(page.getByRole('button', { name: 'Request New Verification' }));
    await shoot(page, 'verification-failed');

    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await waitForPath(page, '/signin');
    await visible(page.getByRole('heading', { name: 'Sign in' }));

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true });

    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await visible(page.getByText("The page you're looking for doesn't exist or may have moved."));
    await visible(page.getByRole('link', { name: 'Take the Quiz' }));
    await shoot(page, 'not-found');

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await waitForPath(page, '/');
    await visible(page.getByRole('heading', { name: /The Future of Love/ }));

    expect(pageErrors).toEqual([]);
    await close();
  });
});
