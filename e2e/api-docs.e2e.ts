import { afterAll, describe, expect, it } from 'vitest';
import { newPage, PHONE, screenshot } from './support/browser';

/** The API's documentation page in Chromium: it runs under the site's CSP and sends nothing. */
describe('the API documentation page', () => {
  const contexts: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: 860 }],
    ['phone', PHONE],
  ] as const) {
    it(`lists the API's calls read-only on a ${name}, with no script refused`, async () => {
      const { context, page } = await newPage(viewport);
      contexts.push(context);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const requests: string[] = [];
      page.on('request', (request) =>
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`),
      );

      const answer = await page.goto('/api/docs');
      expect(answer?.status()).toBe(200);
      await expect.poll(() => page.getByRole('heading', { name: /ALA Survivor API/ }).count()).toBe(1);
      // The calls are listed, grouped by path; readiness among them.
      await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(80);
      const ready = page.locator('.opblock', { hasText: '/api/ready' }).first();
      await ready.locator('.opblock-summary').click();
      // Its answers, from the zod contract: 200 and 503 with the readiness fields.
      await expect.poll(() => ready.locator('.response').count()).toBe(2);
      expect(await ready.locator('tr.response .response-col_status').allInnerTexts()).toEqual(['200', '503']);
      expect(await ready.innerText()).toContain('"checks"');
      // Read-only: no call can be tried from the page.
      expect(await page.getByRole('button', { name: 'Try it out' }).count()).toBe(0);
      await screenshot(page, `api-docs-${name}`);
      // Nothing refused by the Content-Security-Policy, no error, and only the page's own files asked for.
      expect(problems).toEqual([]);
      expect(requests.every((request) => request.startsWith('GET /api/docs'))).toBe(true);
      // Nothing wider than the screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
    });
  }
});
