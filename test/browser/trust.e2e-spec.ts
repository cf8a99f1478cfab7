import type { Browser, Page } from 'playwright-core';
import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { resetLinkIn } from '../support/mail-catcher.js';
import { avatarPng } from './support/avatar.js';
import {
  eventually,
  expectAccessible,
  gone,
  launchBrowser,
  onTestOrigin,
  openScenario,
  PHONE,
  screenshots,
  signInThroughForm,
  toast,
  visible,
  waitForPath,
} from './support/browser.js';

/** design.md "Accounts people can trust": recovery, settings, deletion, block and report, in Chromium. */
describe('accounts people can trust, in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  const shoot = screenshots('trust');

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const sql = (query: string, params: unknown[] = []): Promise<any[]> =>
    (t.app.get(MikroORM).em.fork() as SqlEntityManager).getConnection().execute(query, params, 'all');

  /** Two members who are each other's best match (same answers, nobody else has them). */
  async function matchedPair() {
    const choices = Array.from({ length: 19 }, () => 1 + Math.floor(Math.random() * 5));
    const make = async (name: string, gender: 'male' | 'female', preferredSex: 'male' | 'female') => {
      const person = await t.signUp({ name });
      await person.client.post('/user/setProfile', {
        id: person.id,
        city: 'Portland',
        state: 'OR',
        age: 31,
        gender,
        preferredSex,
        education: 'Design',
        jobTitle: 'Illustrator',
        bio: 'Sunday markets, long walks and bad puns.',
      });
      const form = new FormData();
      form.set('id', person.id);
      form.set(
        'avatar',
        new Blob([new Uint8Array(await avatarPng(Math.floor(Math.random() * 360)))], { type: 'image/png' }),
        'me.png',
      );
      await person.client.request('POST', '/image/upload', { body: form });
      await person.client.post('/match/generate', {
        id: person.id,
        answers: choices.map((choice, i) => ({ id: i + 1, choice, txt: 'x' })),
      });
      await eventually(async () => {
        expect(await sql(`select 1 from personality_vector where user_id = ?`, [person.id])).toHaveLength(1);
      });
      return { ...person, name };
    };
    const stamp = Date.now().toString(36).slice(-4);
    return [
      await make(`Jules ${stamp}`, 'male', 'female'),
      await make(`Maya ${stamp}`, 'female', 'male'),
    ] as const;
  }

  async function openMatches(page: Page) {
    await page.goto('/match');
    await visible(page.getByRole('heading', { name: "Today's Matches" }));
    await visible(page.getByRole('button', { name: 'More options' }).first());
  }

  it('forgot password → mailed link → new password → sign in', async () => {
    const person = await t.signUp();
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true });
    await page.goto('/signin');
    await expectAccessible(page, 'sign in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgotPassword');
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
    await expectAccessible(page, 'forgot password');
    await shoot(page, 'forgot-password');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByText('Check your email'));
    await shoot(page, 'forgot-password-sent');

    const link = resetLinkIn(
      await t.mail.waitFor(person.email, (mail) => mail.raw.includes('resetPassword')),
    );
    await page.goto(onTestOrigin(link.url, t));
    await visible(page.getByRole('heading', { name: 'Choose a new password' }));
    await expectAccessible(page, 'reset password');
    await shoot(page, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForPath(page, '/signin');
    await visible(toast(page, 'Password updated'));
    await signInThroughForm(page, { email: person.email, password: 'a brand new secret' });

    // The same link a second time says so as it opens, and a try gets the bad-link state and a way to ask again.
    await page.goto(onTestOrigin(link.url, t));
    await visible(page.getByText('This reset link has expired or is invalid.'));
    await page.getByLabel('New password', { exact: true }).fill('yet another secret');
    await page.getByLabel('Confirm password').fill('yet another secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByText('This reset link has expired or is invalid.'));
    await visible(page.getByRole('link', { name: 'Request a new link' }));
    await expectAccessible(page, 'reset password, bad link');
    await shoot(page, 'reset-password-bad-link');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('blocks one match and reports another from the cards; Settings lists and unblocks', async () => {
    const [me, blocked] = await matchedPair();
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true });
    await signInThroughForm(page, { email: me.email, password: me.password });
    await openMatches(page);
    const card = page.getByRole('article').filter({ hasText: blocked.name });
    await visible(card);
    await expectAccessible(page, 'matches');

    await card.getByRole('button', { name: 'More options' }).click();
    const menu = await visible(page.getByRole('menu', { name: 'More options' }));
    await visible(menu.getByRole('menuitem', { name: 'Block' }));
    await expectAccessible(page, 'match card menu');
    await shoot(page, 'match-options-menu');
    await page.keyboard.press('Escape');
    await gone(menu);

    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const report = await visible(page.getByRole('dialog', { name: `Report ${blocked.name}` }));
    expect(await report.getByRole('radio').count()).toBe(6);
    await expectAccessible(page, 'report dialog');
    await shoot(page, 'report-dialog');
    await report.getByRole('button', { name: 'Cancel' }).click();
    await gone(report);

    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Block' }).click();
    const confirm = await visible(page.getByRole('dialog', { name: `Block ${blocked.name}?` }));
    await expectAccessible(page, 'block dialog');
    await shoot(page, 'block-dialog');
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await gone(confirm);
    await gone(card);
    await shoot(page, 'after-block');

    // The server agrees: the card stays gone after a reload.
    await page.reload();
    await visible(page.getByRole('heading', { name: "Today's Matches" }));
    await eventually(async () =>
      expect(await page.getByRole('article').filter({ hasText: blocked.name }).count()).toBe(0),
    );

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/settings');
    for (const heading of ['Change password', 'Your data', 'Blocked people', 'Delete account']) {
      await visible(page.getByRole('heading', { name: heading }));
    }
    const row = page.getByRole('listitem').filter({ hasText: blocked.name });
    await visible(row);
    await expectAccessible(page, 'settings');
    await shoot(page, 'settings');
    await row.getByRole('button', { name: 'Unblock' }).click();
    await gone(row);
    await visible(page.getByText("You haven't blocked anyone."));
    expect(pageErrors).toEqual([]);
    await close();

    // Reporting, on a phone, from the other side's card.
    const [reporter, reported] = await matchedPair();
    const phone = await openScenario(browser, t, { ageConfirmed: true, viewport: PHONE });
    await signInThroughForm(phone.page, { email: reported.email, password: reported.password });
    await openMatches(phone.page);
    const theirCard = phone.page.getByRole('article').filter({ hasText: reporter.name });
    await theirCard.getByRole('button', { name: 'More options' }).click();
    await phone.page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = await visible(phone.page.getByRole('dialog', { name: `Report ${reporter.name}` }));
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByLabel('Anything else we should know? (optional)').fill('Sent me rude messages.');
    await shoot(phone.page, 'report-dialog-phone');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await visible(toast(phone.page, 'Thanks, we will review this'));
    await gone(theirCard);
    expect(await sql(`select reason, note from user_report where reporter_id = ?`, [reported.id])).toEqual([
      { reason: 'harassment', note: 'Sent me rude messages.' },
    ]);
    expect(phone.pageErrors).toEqual([]);
    await phone.close();
  });

  it('settings → change password → delete account → signed out on the home page', async () => {
    const person = await t.signUp();
    const { page, pageErrors, close } = await openScenario(browser, t, {
      ageConfirmed: true,
      viewport: PHONE,
    });
    await signInThroughForm(page, { email: person.email, password: person.password });
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'Change password' }));
    await shoot(page, 'settings-phone');

    await page.getByLabel('Current password').fill(person.password);
    await page.getByLabel('New password', { exact: true }).fill('changed secret 42');
    await page.getByLabel('Confirm new password').fill('changed secret 42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(toast(page, 'Password changed'));

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^fated-data-\d{4}-\d{2}-\d{2}\.json$/);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = await visible(page.getByRole('dialog'));
    await expectAccessible(page, 'delete account dialog');
    await shoot(page, 'delete-account-dialog');
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await visible(dialog.getByText('Your password is incorrect'));
    await dialog.getByLabel('Password', { exact: true }).fill('changed secret 42');
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await waitForPath(page, '/');
    await visible(page.getByRole('banner').getByRole('button', { name: 'Sign in' }));
    expect(await sql(`select 1 from app_user where id = ?`, [person.id])).toEqual([]);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
