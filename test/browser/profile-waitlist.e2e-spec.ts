import type { Browser, Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { avatarPng } from './support/avatar.js';
import {
  eventually,
  gone,
  launchBrowser,
  openScenario,
  screenshots,
  signInThroughForm,
  toast,
  visible,
  waitForPath,
} from './support/browser.js';

const LOCATION_MESSAGE = 'Please use “City, ST” (e.g., Austin, TX).';

/** Spec sections 2 and 5: profile form and photo, waitlist with the invite dialog, premium. */
describe('profile, waitlist and premium in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  const shoot = screenshots('profile-waitlist');

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const choice = (page: Page, group: 'Gender' | 'Preferred Sex', option: 'Male' | 'Female'): Locator =>
    page.getByRole('group', { name: group }).getByRole('radio', { name: option, exact: true });

  /** Loaded and decoded, not just present: a broken blob URL would leave naturalWidth at 0. */
  async function expectImageShown(image: Locator) {
    await visible(image);
    await eventually(async () =>
      expect(
        await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      ).toBeGreaterThan(0),
    );
  }

  /** A real drag and drop: the file travels in a DataTransfer through dragenter, dragover and drop. */
  async function dropFile(page: Page, target: Locator, file: { name: string; type: string; bytes: Buffer }) {
    const dataTransfer = await page.evaluateHandle(
      ({ name, type, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type }));
        return transfer;
      },
      { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
    );
    for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
    await dataTransfer.dispose();
  }

  it('fills the profile, drops a photo, saves, and finds it all again after a reload', async () => {
    const user = await t.signUp({ name: 'Maya Chen' });
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true });
    await signInThroughForm(page, user, { rememberMe: true });

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await waitForPath(page, '/profile');
    await visible(page.getByRole('heading', { name: 'Create Profile' }));
    const save = page.getByRole('button', { name: 'Save Profile' });
    expect(await save.isDisabled()).toBe(true);
    await shoot(page, 'profile-empty');

    // 'City, ST': the message appears for 'Austin' once the field is left, and goes for 'Austin, TX'.
    const location = page.getByLabel('City & State');
    await location.fill('Austin');
    await location.blur();
    await visible(page.getByText(LOCATION_MESSAGE));
    expect(await location.getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Age').fill('29');
    await choice(page, 'Gender', 'Female').check();
    await choice(page, 'Preferred Sex', 'Male').check();
    expect(await choice(page, 'Gender', 'Female').isChecked()).toBe(true);
    expect(await choice(page, 'Preferred Sex', 'Male').isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await shoot(page, 'profile-invalid-location');

    await location.fill('Austin, TX');
    await gone(page.getByText(LOCATION_MESSAGE));
    expect(await save.isEnabled()).toBe(true);
    // Under 18 is refused again.
    await page.getByLabel('Age').fill('17');
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Age').fill('29');
    expect(await save.isEnabled()).toBe(true);

    await page.getByLabel('Major/Degree').fill('B.S. Mechanical Engineering');
    await page.getByLabel('Instagram Profile').fill('@maya.builds');
    await page.getByLabel('What is love?').fill('Love is choosing each other on ordinary Tuesdays.');

    // The photo arrives by drag and drop onto the drop area.
    // (The hidden file input is also a 'Profile picture' button to assistive tech; the drop area is the div.)
    const dropArea = page
      .getByRole('button', { name: 'Profile picture', exact: true })
      .and(page.locator('div'));
    await dropFile(page, dropArea, { name: 'maya.png', type: 'image/png', bytes: await avatarPng(200) });
    await expectImageShown(page.getByRole('img', { name: 'Preview of the selected photo' }));
    await visible(page.getByRole('button', { name: 'Remove' }));
    await shoot(page, 'profile-filled');

    // Hold the save request briefly so the in-flight 'Saving...' toast can be seen.
    await page.route('**/api/user/setProfile', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await save.click();
    await visible(toast(page, 'Saving...'));
    await shoot(page, 'profile-saving');
    await visible(toast(page, 'Profile successfully updated!'));
    await waitForPath(page, '/');
    await shoot(page, 'home-after-save');
    await page.unroute('**/api/user/setProfile');

    // A full reload of /profile: the session comes back from Remember me, the form from the server.
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Edit Profile' }));
    expect(await page.getByLabel('City & State').inputValue()).toBe('Austin, TX');
    expect(await page.getByLabel('Age').inputValue()).toBe('29');
    expect(await choice(page, 'Gender', 'Female').isChecked()).toBe(true);
    expect(await choice(page, 'Preferred Sex', 'Male').isChecked()).toBe(true);
    expect(await page.getByLabel('Major/Degree').inputValue()).toBe('B.S. Mechanical Engineering');
    expect(await page.getByLabel('Instagram Profile').inputValue()).toBe('@maya.builds');
    expect(await page.getByLabel('What is love?').inputValue()).toBe(
      'Love is choosing each other on ordinary Tuesdays.',
    );
    await expectImageShown(page.getByRole('img', { name: 'Your current photo' }));
    expect(await page.getByRole('button', { name: 'Save Profile' }).isEnabled()).toBe(true);
    await shoot(page, 'profile-reloaded');

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows the waitlist position and referrals, and copies the invite link', async () => {
    // Others joined earlier, so this user is not first in line.
    await t.signUp();
    await t.signUp();
    const user = await t.signUp({ name: 'Noah Patel' });
    const standing = await user.client.get(`/waitlist/${user.id}`);
    const position = standing.body.position as number;
    expect(position).toBeGreaterThanOrEqual(3);
    const { page, pageErrors, close } = await openScenario(browser, t, {
      ageConfirmed: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await signInThroughForm(page, user);

    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await waitForPath(page, '/waitlist');
    await visible(page.getByRole('heading', { name: 'Early Access Waitlist' }));
    const stats = page.locator('dl');
    await visible(stats.getByText('Position', { exact: true }));
    await visible(stats.getByText(`#${position}`, { exact: true }));
    await visible(stats.getByText('Referrals', { exact: true }));
    await visible(stats.getByText('0', { exact: true }));
    await shoot(page, 'waitlist');

    await page.getByRole('button', { name: 'Share your link' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Invite friends' }));
    const linkField = dialog.getByLabel('Your invite link');
    const shareLink = await linkField.inputValue();
    expect(shareLink).toMatch(/\/signup\?code=[A-Za-z0-9_-]+$/);
    expect(await linkField.getAttribute('readonly')).not.toBeNull();

    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await visible(dialog.getByRole('button', { name: 'Copied!' }));
    await shoot(page, 'waitlist-invite-copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareLink);
    // 'Copied!' lasts 1.4 s, then the button reads 'Copy' again.
    await visible(dialog.getByRole('button', { name: 'Copy', exact: true }), 4_000);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await gone(dialog);

    // A friend signs up with the code and verifies: this user moves up ten places, never above #1.
    expect(position).toBeLessThanOrEqual(11);
    const code = new URL(shareLink).searchParams.get('code')!;
    await t.signUp({ code });
    await page.reload();
    await visible(stats.getByText('#1', { exact: true }));
    await visible(stats.getByText('1', { exact: true }));
    await shoot(page, 'waitlist-after-referral');

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows Go Premium with its perks', async () => {
    const user = await t.signUp();
    const { page, pageErrors, close } = await openScenario(browser, t, { ageConfirmed: true });
    await signInThroughForm(page, user);

    await page.goto('/premium');
    await visible(page.getByRole('heading', { name: 'Go Premium' }));
    const perks = page.getByRole('list', { name: 'Premium perks' });
    for (const perk of ['Multiple daily profiles', 'Priority matches', 'Early access to features']) {
      await visible(perks.getByText(perk, { exact: true }));
    }
    await visible(page.getByRole('button', { name: 'Upgrade Now' }));
    await shoot(page, 'premium');

    expect(pageErrors).toEqual([]);
    await close();
  });
});
