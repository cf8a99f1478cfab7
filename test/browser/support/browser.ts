import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { TestApp } from '../../support/test-app.js';
import { REPO_ROOT } from '../../support/test-app.js';

/** Debian's Chromium; `npx playwright install` cannot download browsers on these machines. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

const SCREENSHOT_DIR = join(REPO_ROOT, 'test/artifacts/screenshots');

/**
 * One headless Chromium per spec file. Playwright gives every launch its own fresh temporary profile
 * (--user-data-dir), so no state leaks between runs.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface ScenarioOptions {
  viewport?: { width: number; height: number };
  /** Pretend the visitor already passed the age gate (fa_ageConfirmed), for scenarios about something else. */
  ageConfirmed?: boolean;
  /** e.g. ['clipboard-read', 'clipboard-write'] */
  permissions?: string[];
}

export interface Scenario {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page: a scenario that ends with any has found a bug. */
  pageErrors: Error[];
  close(): Promise<void>;
}

/** A fresh browser context (own cookies and storage) against the test app, with one page. */
export async function openScenario(
  browser: Browser,
  t: TestApp,
  options: ScenarioOptions = {},
): Promise<Scenario> {
  const viewport = options.viewport ?? DESKTOP;
  const phone = viewport.width < 600;
  const context = await browser.newContext({
    baseURL: t.baseUrl,
    viewport,
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: t.baseUrl });
  if (options.ageConfirmed) {
    await context.addInitScript(() => window.localStorage.setItem('fa_ageConfirmed', 'true'));
  }
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors, close: () => context.close() };
}

/**
 * Full-page screenshots named test/artifacts/screenshots/<spec>-<nn>-<name>.png, numbered in the order taken,
 * each followed by an axe-core check of the screen (expectAccessible).
 * Known capture artefacts (not app bugs): fixed layers (dialog backdrops, toasts) cover only the first
 * viewport's height, and on phone-sized contexts the capture drops touch emulation, so pointer-dependent
 * text shows its mouse wording.
 */
export function screenshots(spec: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Pictures from an earlier run of this spec would mix with this run's numbering.
  for (const file of readdirSync(SCREENSHOT_DIR)) {
    if (file.startsWith(`${spec}-`)) rmSync(join(SCREENSHOT_DIR, file));
  }
  let n = 0;
  return async function shoot(page: Page, name: string): Promise<void> {
    n += 1;
    // Fonts settled, and scrolled to the top: a full-page capture of a scrolled page paints the sticky
    // header in the middle of the picture.
    await page.evaluate(async () => {
      await document.fonts.ready;
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    });
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${spec}-${String(n).padStart(2, '0')}-${name}.png`),
      fullPage: true,
      animations: 'disabled',
    });
    // Every screen worth a picture is checked for accessibility too.
    await expectAccessible(page, `${spec} ${name}`);
  };
}

/**
 * Mailed links start with the app's PUBLIC_URL; the test app listens on a random port, so the link is
 * followed on the test app's own origin. The path /verifyEmail/{id}/{token} is what matters.
 */
export function onTestOrigin(link: string, t: TestApp): string {
  const url = new URL(link);
  return `${t.baseUrl}${url.pathname}${url.search}`;
}

export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

export async function gone(locator: Locator, timeout?: number): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** Retries an assertion until it passes or the time is up (playwright-core has no auto-waiting expect). */
export async function eventually(
  assertion: () => unknown | Promise<unknown>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** A toast by its title (toasts are rendered beside the app, so they stay reachable under a modal). */
export function toast(page: Page, title: string): Locator {
  return page.getByTestId('toast').filter({ has: page.getByText(title, { exact: true }) });
}

/** Sign in through the form; lands on home, with the main navigation of a signed-in member. */
export async function signInThroughForm(
  page: Page,
  credentials: { email: string; password: string },
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  if (new URL(page.url()).pathname !== '/signin') await page.goto('/signin');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  const remember = page.getByRole('checkbox', { name: 'Remember me' });
  if (options.rememberMe !== undefined) await remember.setChecked(options.rememberMe);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForPath(page, '/');
  await visible(mainNav(page));
}

/** The one navigation of a signed-in page (design.md "Getting around"): a tab bar on phones, in the header wider. */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in the page (injected through the DevTools protocol, so the app's CSP does not apply): the
 * screen as it is now has no accessibility violation of impact serious or critical.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A string is evaluated by the DevTools protocol itself: no eval in the page, which the CSP forbids.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Colours are judged as they end up: a toast still fading in is not a contrast failure.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (
      result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[]
    )
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
  if (violations.length > 0)
    throw new Error(`accessibility violations on ${screen}:\n${violations.join('\n')}`);
}
