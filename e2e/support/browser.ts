import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sparticuz from '@sparticuz/chromium';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
export const DEMO_PASSWORD = 'survivor2026';

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 780 };

let browser: Promise<Browser> | undefined;

/** Chromium from CHROMIUM_PATH, else the one shipped inside the npm package, else Debian's. */
async function executablePath(): Promise<{ path: string; args: string[] }> {
  if (process.env.CHROMIUM_PATH) return { path: process.env.CHROMIUM_PATH, args: [] };
  try {
    // Not sparticuz.args: they run Chromium in one process, which dies with its first closed context.
    return {
      path: await sparticuz.executablePath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    };
  } catch (error) {
    if (existsSync('/usr/bin/chromium')) return { path: '/usr/bin/chromium', args: ['--no-sandbox'] };
    throw error;
  }
}

/** One headless Chromium per test worker. */
export function getBrowser(): Promise<Browser> {
  browser ??= executablePath()
    .then(({ path: exe, args }) =>
      chromium.launch({
        executablePath: exe,
        headless: true,
        args: [...args, '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      }),
    )
    .catch((error: unknown) => {
      // A failed launch is not kept: the next test (or the retry) launches again.
      browser = undefined;
      throw error;
    });
  return browser;
}

/**
 * Asks the server for the plain app instead of server-rendered pages (decision 022): a test that stands in
 * for an API answer in the browser (`page.route`) needs the browser to ask for it. The server-rendered pages
 * have their own tests (server-render.e2e.ts).
 */
export async function askForPlainApp(context: BrowserContext, baseUrl = BASE_URL): Promise<void> {
  await context.addCookies([{ name: 'ala.ssr', value: 'off', url: baseUrl }]);
}

/**
 * A fresh browser context (own cookies and storage) and its page. The app's service worker is refused
 * unless asked for (`serviceWorkers: 'allow'`): a page it controlled would take the kept files from it,
 * past the test's routes, and each context would download them all again (decision 041).
 */
export async function newPage(
  viewport = DESKTOP,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await getBrowser()).newContext({
    viewport,
    serviceWorkers,
    baseURL: BASE_URL,
    isMobile: viewport.width <= PHONE.width,
    hasTouch: viewport.width <= PHONE.width,
    // The app honours reduced motion (no transitions): each opening and closing of a dialog is then
    // a step less to wait for, and the screenshots never catch one half-way.
    reducedMotion: 'reduce',
  });
  await askForPlainApp(context);
  // A route handler may still be fetching the server's answer when the test closes the context (after a
  // search typed last, or a refetch): the routes end first, so that the fetch cut short is no error.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })));
    return close(options);
  };
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until a modal or drawer has come in: it and its containers fully opaque and in place (a fade or
 * slide caught midway reads as low contrast, or shows in a picture), and no transition of theirs running.
 */
export async function waitUntilShown(locator: Locator): Promise<void> {
  await locator.waitFor();
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((shown) => {
    if (!shown) return false;
    const still = /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/;
    for (let node: Element | null = shown; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.opacity !== '1' || !still.test(style.transform)) return false;
    }
    return shown.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running');
  }, element);
}

/** Logs in through the login modal. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Username or email', exact: true }).fill(username);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'LOG IN' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A username nobody has yet. */
/**
 * Clears a field with backspace, as a person does, then types into it key by key and leaves it: `fill` sets
 * the whole value at once and never saw a number field snap back to 0 between the keys.
 */
export async function retype(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('End');
  for (let left = (await field.inputValue()).length; left > 0; left -= 1) await field.press('Backspace');
  await field.pressSequentially(text);
  await field.blur();
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

export async function closeBrowser(): Promise<void> {
  if (browser) await (await browser).close();
  browser = undefined;
}
