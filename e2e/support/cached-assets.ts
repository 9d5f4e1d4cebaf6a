import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { DESKTOP, newPage } from './browser';

const WEB_DIR = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web');

/**
 * Serves the built /assets/* files from disk, as a browser cache would. Every test opens fresh contexts,
 * and without a cache each page load costs some 25 requests against the server's per-IP rate limit
 * (600 a minute, static files included), which a long suite exhausts.
 */
export async function cacheAssets(context: BrowserContext): Promise<void> {
  await context.route('**/assets/**', (route) => {
    const file = path.join(WEB_DIR, new URL(route.request().url()).pathname);
    return existsSync(file) ? route.fulfill({ path: file }) : route.continue();
  });
}

/** newPage with the built assets served from disk. */
export async function newCachedPage(viewport = DESKTOP) {
  const opened = await newPage(viewport);
  await cacheAssets(opened.context);
  return opened;
}
