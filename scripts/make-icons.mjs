// Draws the installed app's icons (src/web/public/icons, decision 041) from one trophy mark in SVG with
// the browser tests' headless Chromium: `node scripts/make-icons.mjs`. The PNG files are committed; run it
// again only when the mark changes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sparticuz from '@sparticuz/chromium';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '../src/web/public/icons');
/** The header's navy (navy.9 of src/web/theme.ts) and a trophy gold. */
const NAVY = '#173f7a';
const GOLD = '#f2b705';

/** The trophy on a 512 grid, centred, its height `size` units; `cup` paints it, `star` the star on it. */
function trophy(size, cup, star) {
  const scale = size / 320;
  const offset = 256 - 160 * scale;
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M56 40 H8 V72 C8 124 40 152 84 156" fill="none" stroke="${cup}" stroke-width="22" stroke-linejoin="round"/>
    <path d="M264 40 H312 V72 C312 124 280 152 236 156" fill="none" stroke="${cup}" stroke-width="22" stroke-linejoin="round"/>
    <path d="M56 20 H264 V92 C264 160 220 206 160 212 C100 206 56 160 56 92 Z" fill="${cup}"/>
    <rect x="140" y="206" width="40" height="52" fill="${cup}"/>
    <rect x="92" y="252" width="136" height="26" rx="6" fill="${cup}"/>
    <rect x="68" y="276" width="184" height="34" rx="8" fill="${cup}"/>
    ${star ? `<path d="M160 58 L174 96 L214 97 L183 122 L194 160 L160 138 L126 160 L137 122 L106 97 L146 96 Z" fill="${star}"/>` : ''}
  </g>`;
}

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${body}</svg>`;

/** Each icon: its file, its size in pixels and its drawing. */
const ICONS = [
  // Any shape: a rounded tile, its corners clear.
  ...[192, 512].map((px) => ({
    file: `icon-${px}.png`,
    px,
    svg: svg(`<rect width="512" height="512" rx="96" fill="${NAVY}"/>${trophy(340, GOLD, NAVY)}`),
  })),
  // Maskable: the whole square filled, the mark within the middle 80% a launcher's mask always shows.
  {
    file: 'maskable-512.png',
    px: 512,
    svg: svg(`<rect width="512" height="512" fill="${NAVY}"/>${trophy(260, GOLD, NAVY)}`),
  },
  // iOS rounds the corners itself and shows transparency as black.
  {
    file: 'apple-touch-icon.png',
    px: 180,
    svg: svg(`<rect width="512" height="512" fill="${NAVY}"/>${trophy(320, GOLD, NAVY)}`),
  },
  // A notification's badge: Android draws only its alpha, in one colour.
  { file: 'badge-96.png', px: 96, svg: svg(trophy(440, '#fff', '')) },
];

async function executablePath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return sparticuz.executablePath();
}

const browser = await chromium.launch({
  executablePath: await executablePath(),
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.px, height: icon.px } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.px}px;height:${icon.px}px}</style>${icon.svg}`,
    );
    await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    await page.close();
    console.log(`drew ${path.relative(process.cwd(), path.join(OUT, icon.file))}`);
  }
} finally {
  await browser.close();
}
