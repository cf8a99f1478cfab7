import { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Browser, Page } from 'playwright-core';
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

/**
 * design.md "Connections: mutual interest and conversations", in Chromium: two members in two browser
 * contexts (one on a phone, one on a desktop); what one does, the other sees without a reload.
 */
describe('connections in the browser: mutual interest and conversations in real time', () => {
  let t: TestApp;
  let browser: Browser;
  const shoot = screenshots('connections');

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
    const make = async (
      name: string,
      gender: 'male' | 'female',
      preferredSex: 'male' | 'female',
      hue: number,
    ) => {
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
      form.set('avatar', new Blob([new Uint8Array(await avatarPng(hue))], { type: 'image/png' }), 'me.png');
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
      await make(`Jules ${stamp}`, 'male', 'female', 200),
      await make(`Maya ${stamp}`, 'female', 'male', 330),
    ] as const;
  }

  /** A matched pair who are connected: Jules was interested first (in today's set), Maya answered. */
  async function connectedPair() {
    const [jules, maya] = await matchedPair();
    await eventually(async () =>
      expect((await jules.client.post('/match/new', { userId: jules.id })).body.best?.name).toBe(maya.name),
    );
    expect((await jules.client.post('/interest', { userId: maya.id })).status).toBe(201);
    const connectionId = (await maya.client.post('/interest', { userId: jules.id })).body
      .connectionId as string;
    expect(connectionId).toBeTruthy();
    return { jules, maya, connectionId };
  }

  /** A connected pair's conversation with Jules's first message, open for Jules on a desktop and Maya on a phone. */
  async function conversationOpen(text: string) {
    const pair = await connectedPair();
    const { jules, maya, connectionId } = pair;
    await jules.client.post(`/connections/${connectionId}/messages`, { text, clientId: crypto.randomUUID() });
    const desk = await openScenario(browser, t, { ageConfirmed: true, viewport: DESKTOP });
    const phone = await openScenario(browser, t, { ageConfirmed: true, viewport: PHONE });
    await signInThroughForm(desk.page, jules);
    await signInThroughForm(phone.page, maya);
    await desk.page.goto(`/connections/${connectionId}`);
    await phone.page.goto(`/connections/${connectionId}`);
    await visible(desk.page.getByRole('log').getByText(text));
    await visible(phone.page.getByRole('log').getByText(text));
    return { ...pair, desk, phone };
  }

  async function openMatches(page: Page) {
    await page.goto('/match');
    await visible(page.getByRole('heading', { name: "Today's Matches" }));
    await visible(page.getByRole('button', { name: "I'm interested" }).first());
  }

  /** Nothing scrolls sideways, and every button and link on screen is at least 44 px tall. */
  async function expectPhoneFriendly(page: Page) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main button, main a, nav a, nav button')]
        .filter((element) => element.offsetParent !== null && !element.closest('.sr-only'))
        .map((element) => ({
          text: element.textContent?.trim() || element.getAttribute('aria-label'),
          height: element.getBoundingClientRect().height,
        }))
        .filter((target) => target.height > 0 && target.height < 43.5),
    );
    expect(small).toEqual([]);
  }

  /**
   * The conversation fills the screen: the page does not scroll, the heading and 'More options' are at the top
   * (on phones, of the screen itself), `newest` (a message) is in the log's view, and the 'Message' box is on
   * screen (above the tab bar on phones).
   */
  async function expectConversationOnScreen(page: Page, newest: string) {
    const viewport = page.viewportSize()!;
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }));
    expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
    const log = page.getByRole('log');
    await eventually(async () => {
      const logBox = (await log.boundingBox())!;
      const message = (await log.getByText(newest, { exact: true }).last().boundingBox())!;
      expect(message.y).toBeGreaterThanOrEqual(logBox.y - 1);
      expect(message.y + message.height).toBeLessThanOrEqual(logBox.y + logBox.height + 1);
    });
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const options = (await page.getByRole('button', { name: 'More options' }).boundingBox())!;
    for (const top of [heading, options]) {
      expect(top.y).toBeGreaterThanOrEqual(0);
      expect(top.y + top.height).toBeLessThanOrEqual(viewport.height);
    }
    // On phones the conversation's own header is the top of the screen: the app's logo bar gives way to it.
    if (viewport.width < 640) expect(options.y).toBeLessThan(24);
    const textbox = (await page.getByRole('textbox', { name: 'Message' }).boundingBox())!;
    const bottom = viewport.width < 640 ? (await mainNav(page).boundingBox())!.y : viewport.height;
    expect(textbox.y).toBeGreaterThanOrEqual(0);
    expect(textbox.y + textbox.height).toBeLessThanOrEqual(bottom);
  }

  it('interest on a card, "Interested too", then a conversation where each sees the other live', async () => {
    const [jules, maya] = await matchedPair();
    const desk = await openScenario(browser, t, { ageConfirmed: true, viewport: DESKTOP });
    const phone = await openScenario(browser, t, { ageConfirmed: true, viewport: PHONE });
    await signInThroughForm(desk.page, jules);
    await signInThroughForm(phone.page, maya);
    // No conversation yet and nobody interested: no 'Messages' in Maya's navigation.
    await visible(mainNav(phone.page).getByRole('link', { name: 'Matches' }));
    expect(
      await mainNav(phone.page)
        .getByRole('link', { name: /^Messages/ })
        .count(),
    ).toBe(0);

    // Jules likes Maya's card: a toggle; Maya sees it under 'Interested in you'.
    await openMatches(desk.page);
    const card = desk.page.getByRole('article').filter({ hasText: maya.name });
    const interested = card.getByRole('button', { name: "I'm interested" });
    expect(await interested.getAttribute('aria-pressed')).toBe('false');
    await visible(card.getByText(`${maya.name} will see your interest under 'Interested in you'.`));
    await interested.click();
    await eventually(async () => expect(await interested.getAttribute('aria-pressed')).toBe('true'));
    await visible(
      card.getByText(`${maya.name} can see your interest. If they're interested too, you can talk.`),
    );
    await shoot(desk.page, 'card-interested-desktop');

    // Maya finds it under Messages → Interested in you ('Messages' appears without a reload).
    await mainNav(phone.page).getByRole('link', { name: 'Messages' }).click();
    await waitForPath(phone.page, '/connections');
    await visible(phone.page.getByRole('heading', { level: 1, name: 'Messages' }));
    const section = await visible(phone.page.getByRole('region', { name: 'Interested in you' }));
    const theirCard = section.getByRole('listitem').filter({ hasText: jules.name });
    await visible(theirCard.getByRole('img', { name: `Photo of ${jules.name}` }));
    await visible(phone.page.getByText('No conversations yet.'));
    await expectPhoneFriendly(phone.page);
    await shoot(phone.page, 'interested-in-you-phone');

    await theirCard.getByRole('button', { name: 'Interested too' }).click();
    await visible(toast(phone.page, "It's mutual!"));
    const row = phone.page
      .getByRole('region', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(jules.name) });
    await visible(row);

    // Jules's card turns mutual without a reload, and offers 'Say hello'.
    await visible(card.getByText("It's mutual!"));
    const hello = card.getByRole('link', { name: 'Say hello' });
    await shoot(desk.page, 'card-mutual-desktop');
    await hello.click();
    await desk.page.waitForURL((url) => /^\/connections\/[^/]+$/.test(url.pathname));
    const connectionId = new URL(desk.page.url()).pathname.split('/').pop()!;
    await visible(desk.page.getByRole('heading', { level: 1, name: maya.name }));
    const deskLog = desk.page.getByRole('log');
    expect(await deskLog.getAttribute('aria-live')).toBe('polite');

    // Maya writes first; Jules sees it arrive.
    await row.click();
    await waitForPath(phone.page, `/connections/${connectionId}`);
    await visible(phone.page.getByRole('heading', { level: 1, name: jules.name }));
    const phoneLog = phone.page.getByRole('log');
    const box = phone.page.getByRole('textbox', { name: 'Message' });
    await box.fill('  Hi Jules! Bad puns, you say?  ');
    await box.press('Enter');
    await visible(phoneLog.getByText('Hi Jules! Bad puns, you say?', { exact: true }));
    await visible(deskLog.getByText('Hi Jules! Bad puns, you say?', { exact: true }));

    // Jules answers on two lines (Shift+Enter), with something that looks like HTML: it stays text.
    const deskBox = desk.page.getByRole('textbox', { name: 'Message' });
    await deskBox.click();
    await deskBox.pressSequentially('The worst ones. <b>Guaranteed</b>');
    await deskBox.press('Shift+Enter');
    await deskBox.pressSequentially('Coffee on Sunday?');
    await desk.page.getByRole('button', { name: 'Send' }).click();
    const reply = phoneLog.locator('.message__text').filter({ hasText: 'Coffee on Sunday?' });
    await visible(reply);
    expect(await reply.innerText()).toBe('The worst ones. <b>Guaranteed</b>\nCoffee on Sunday?');
    expect(await phoneLog.locator('b').count()).toBe(0);

    // Maya has it on screen, so it is read: Jules sees 'Seen' under his message.
    await visible(deskLog.getByText('Seen', { exact: true }));
    await expectAccessible(desk.page, 'conversation, desktop');
    await shoot(desk.page, 'conversation-desktop');

    // The conversation fills the phone's screen: the composer at the bottom, above the tab bar.
    await expectPhoneFriendly(phone.page);
    const composer = (await phone.page.locator('.composer').boundingBox())!;
    const tabBar = (await mainNav(phone.page).boundingBox())!;
    expect(Math.abs(composer.y + composer.height - tabBar.y)).toBeLessThanOrEqual(1);
    await shoot(phone.page, 'conversation-phone');

    // Away from the conversation, a new message shows as unread in the navigation, and in the list.
    await mainNav(phone.page).getByRole('link', { name: 'Matches' }).click();
    await waitForPath(phone.page, '/match');
    await deskBox.fill('Or Saturday, if Sunday is market day.');
    await deskBox.press('Enter');
    await visible(mainNav(phone.page).getByRole('link', { name: 'Messages, 1 unread' }));
    await mainNav(phone.page).getByRole('link', { name: 'Messages, 1 unread' }).click();
    await visible(row.getByText('Or Saturday, if Sunday is market day.'));
    await visible(row.getByText('1 unread'));
    await shoot(phone.page, 'conversations-unread-phone');
    await row.click();
    await visible(phoneLog.getByText('Or Saturday, if Sunday is market day.'));
    await visible(mainNav(phone.page).getByRole('link', { name: 'Messages', exact: true }));

    // Older messages page in at the top (a page is 50; each member may send 30 a minute).
    for (let i = 1; i <= 52; i++) {
      const sent = await (i % 2 ? maya : jules).client.post(`/connections/${connectionId}/messages`, {
        text: `Catching up ${i}`,
        clientId: crypto.randomUUID(),
      });
      expect(sent.status).toBe(201);
    }
    await phone.page.reload();
    await visible(phoneLog.getByText('Catching up 52', { exact: true }));
    expect(await phoneLog.getByText('Hi Jules! Bad puns, you say?').count()).toBe(0);

    // At 390×844 the conversation fills the screen: it opens at the newest message, the name and 'More options'
    // stay at the top, only the log scrolls, and the box to write in is on screen above the tab bar.
    await expectConversationOnScreen(phone.page, 'Catching up 52');
    await shoot(phone.page, 'conversation-long-phone');
    await box.fill('Still reading?');
    await box.press('Enter');
    await visible(phoneLog.getByText('Still reading?', { exact: true }));
    await expectConversationOnScreen(phone.page, 'Still reading?');
    await visible(deskLog.getByText('Still reading?', { exact: true }));
    await expectConversationOnScreen(desk.page, 'Still reading?');
    await shoot(desk.page, 'conversation-long-desktop');

    // Scrolled to the top, earlier messages load above, and what the reader was looking at stays where it was.
    const firstShown = phoneLog.locator('.message__text').first();
    const firstText = await firstShown.innerText();
    await phoneLog.evaluate((log) => log.scrollTo({ top: 0, behavior: 'instant' }));
    await visible(phoneLog.getByText('Hi Jules! Bad puns, you say?', { exact: true }));
    const stillThere = phoneLog.locator('.message__text').filter({ hasText: firstText }).first();
    await eventually(async () => {
      const logBox = (await phoneLog.boundingBox())!;
      const at = (await stillThere.boundingBox())!;
      expect(at.y).toBeGreaterThanOrEqual(logBox.y - 1);
      expect(at.y + at.height).toBeLessThanOrEqual(logBox.y + logBox.height + 1);
    });
    expect(await phoneLog.evaluate((log) => log.scrollTop)).toBeGreaterThan(0);

    expect(desk.pageErrors).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
    await desk.close();
    await phone.close();
  });

  it('unmatch asks first, and the other side learns the conversation has ended', async () => {
    const { jules, maya, connectionId, desk, phone } = await conversationOpen('Hello!');
    await visible(desk.page.getByRole('heading', { level: 1, name: maya.name }));

    await desk.page.getByRole('button', { name: 'More options' }).click();
    await visible(desk.page.getByRole('menu', { name: 'More options' }));
    await shoot(desk.page, 'conversation-menu-desktop');
    await desk.page.getByRole('menuitem', { name: 'Unmatch' }).click();
    const dialog = await visible(desk.page.getByRole('dialog', { name: `Unmatch ${maya.name}?` }));
    await shoot(desk.page, 'unmatch-dialog-desktop');
    await dialog.getByRole('button', { name: 'Unmatch', exact: true }).click();
    await waitForPath(desk.page, '/connections');
    await visible(desk.page.getByText('No conversations yet.'));
    // Jules ended it: his own toast says so, never 'This conversation has ended' (that is for Maya).
    await visible(toast(desk.page, `You unmatched ${maya.name}`));
    expect(await toast(desk.page, 'This conversation has ended').count()).toBe(0);

    // Maya, who had it open, is told and taken back to her list.
    await waitForPath(phone.page, '/connections');
    await visible(toast(phone.page, 'This conversation has ended'));
    await visible(phone.page.getByText('No conversations yet.'));
    await shoot(phone.page, 'conversation-ended-phone');
    await gone(phone.page.getByRole('link', { name: new RegExp(jules.name) }));

    // The ended conversation's address, and one that is no conversation's at all, say the same honest thing.
    for (const path of [`/connections/${connectionId}`, '/connections/garbage']) {
      await desk.page.goto(path);
      await visible(
        desk.page.getByRole('heading', { level: 1, name: 'This conversation is not available.' }),
      );
      await visible(desk.page.getByRole('main').getByRole('link', { name: 'Back to Messages' }));
      expect(await desk.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await desk.page.getByText(/Something went wrong/).count()).toBe(0);
    }
    await shoot(desk.page, 'conversation-not-available-desktop');
    await desk.page.getByRole('link', { name: 'Back to Messages' }).click();
    await waitForPath(desk.page, '/connections');

    expect(desk.pageErrors).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
    await desk.close();
    await phone.close();
  });

  it('a report from a conversation thanks the reporter; only the other is told it has ended', async () => {
    const { jules, desk, phone } = await conversationOpen('Send me your bank details');

    await phone.page.getByRole('button', { name: 'More options' }).click();
    await phone.page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = await visible(phone.page.getByRole('dialog', { name: `Report ${jules.name}` }));
    await dialog.getByRole('radio', { name: 'Scam or spam' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await waitForPath(phone.page, '/connections');
    await visible(toast(phone.page, 'Thanks, we will review this'));
    // Her own `ended` event came too; a moment for a wrong notice to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await toast(phone.page, 'This conversation has ended').count()).toBe(0);
    await shoot(phone.page, 'report-sent-phone');

    await waitForPath(desk.page, '/connections');
    await visible(toast(desk.page, 'This conversation has ended'));

    expect(desk.pageErrors).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
    await desk.close();
    await phone.close();
  });

  it('a password change ends the old sockets but keeps this browser live', async () => {
    const { jules, maya, connectionId } = await connectedPair();

    const { page, pageErrors, close } = await openScenario(browser, t, {
      ageConfirmed: true,
      viewport: PHONE,
    });
    await signInThroughForm(page, jules);
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'Change password' }));
    await page.getByLabel('Current password').fill(jules.password);
    await page.getByLabel('New password', { exact: true }).fill('changed secret 42');
    await page.getByLabel('Confirm new password').fill('changed secret 42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(toast(page, 'Password changed'));

    // Without a reload: the socket closed by the change reconnects with this browser's new sign-in.
    await mainNav(page).getByRole('link', { name: 'Messages' }).click();
    await waitForPath(page, '/connections');
    await page
      .getByRole('region', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(maya.name) })
      .click();
    await waitForPath(page, `/connections/${connectionId}`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await maya.client.post(`/connections/${connectionId}/messages`, {
      text: 'Still here after your new password?',
      clientId: crypto.randomUUID(),
    });
    await visible(page.getByRole('log').getByText('Still here after your new password?'));
    await visible(page.getByRole('heading', { level: 1, name: maya.name }));
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('Settings → Notifications saves both choices', async () => {
    const person = await t.signUp();
    const { page, pageErrors, close } = await openScenario(browser, t, {
      ageConfirmed: true,
      viewport: PHONE,
    });
    await signInThroughForm(page, person);
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'Notifications' }));
    const mutual = page.getByRole('checkbox', { name: "Email me when it's mutual" });
    const messages = page.getByRole('checkbox', { name: 'Email me about new messages' });
    await eventually(async () => expect(await mutual.isChecked()).toBe(true));
    expect(await messages.isChecked()).toBe(true);
    await messages.uncheck();
    await eventually(async () =>
      expect((await person.client.get('/account/notifications')).body).toEqual({
        mutual: true,
        messages: false,
      }),
    );
    await page.reload();
    await eventually(async () => expect(await messages.isChecked()).toBe(false));
    await shoot(page, 'settings-notifications-phone');
    expect(pageErrors).toEqual([]);
    await close();
  });
});
