// Lighthouse on the pages a player opens on a phone: the landing page, All Pools, every tab of one
// pool of the demo world and the NFL Survivor pool's Make Picks, Scoreboard and Standings, with
// Lighthouse's default (mobile) preset: a simulated slow 4G network and a CPU four times slower.
// Builds the web app, starts a demo server on a fresh embedded database, runs each page (the median of
// --runs runs) and prints its scores and metrics, and whether the server rendered the page (decision
// 022; SSR_BUDGET_MS is passed on to the server).
//
//   npm run bench:lighthouse                       all pages, one run each
//   npm run bench:lighthouse -- --runs 3           the median of three runs
//   npm run bench:lighthouse -- /mlb/ala/2023/reg/0 /   only these pages
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:lighthouse   a server already running
//   LIGHTHOUSE_REPORTS=dir npm run bench:lighthouse   also keeps each run's full report (JSON) in dir
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sparticuz from '@sparticuz/chromium';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDemoSite } from './support';

const POOL = '/mlb/ala/2023/reg/0';
/** The global NFL Survivor pool: its team-game pages differ from MLB's (a grid of the week's games). */
const NFL_POOL = '/nfl/ala/2023/reg/0';
/** The Commish tools tab shows only to the league's admins; a visitor's pages are these. */
const PAGES = [
  '/',
  '/leagues/allpools',
  POOL,
  `${POOL}/howtoplay`,
  `${POOL}/makepicks`,
  `${POOL}/scoreboard`,
  `${POOL}/standings`,
  `${POOL}/bonuses`,
  `${POOL}/finances`,
  `${NFL_POOL}/makepicks`,
  `${NFL_POOL}/scoreboard`,
  `${NFL_POOL}/standings`,
];

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(argv[runsAt + 1]) || 1) : 1;
const pages = argv.filter((arg, i) => arg.startsWith('/') && !(runsAt >= 0 && i === runsAt + 1));

interface Result {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  requests: number;
  scriptKb: number;
  /** How the server sent the page: rendered (with its render time) or the plain app. */
  served: string;
}

/** Whether the server renders the page (decision 022), as a phone asks for it, and in how long. */
async function served(url: string): Promise<string> {
  const answer = await fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile' } });
  const html = await answer.text();
  if (!html.includes('id="ala-ssr"')) return 'plain app';
  const ms = /render;dur=(\d+)/.exec(answer.headers.get('server-timing') ?? '')?.[1];
  return `server-rendered in ${ms ?? '?'} ms`;
}

async function audit(port: number, url: string): Promise<Omit<Result, 'page' | 'served'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
    writeFileSync(path.join(reports, `${name}-${Date.now()}.json`), JSON.stringify(result.lhr));
  }
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  const requests = (
    audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  const scriptBytes = (requests ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    requests: requests?.length ?? 0,
    scriptKb: scriptBytes / 1024,
  };
}

function median<T>(items: T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

const site = await openDemoSite('lighthouse');
const baseUrl = site.base;

const chrome = await chromeLauncher.launch({
  chromePath: await sparticuz.executablePath(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
  ],
});
const results: Result[] = [];
try {
  // One unmeasured load: the server's first answers (its caches, the database's pages) are not a phone's.
  await lighthouse(`${baseUrl}${POOL}`, {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  console.log(`Lighthouse 12 mobile preset, ${runs} run(s) a page (median by performance), ${baseUrl}`);
  for (const page of pages.length > 0 ? pages : PAGES) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await audit(chrome.port, `${baseUrl}${page}`));
    const result = {
      page,
      ...median(samples, (s) => s.performance),
      served: await served(`${baseUrl}${page}`),
    };
    results.push(result);
    console.log(
      [
        page.padEnd(32),
        `perf ${String(result.performance).padStart(3)}`,
        `a11y ${String(result.accessibility).padStart(3)}`,
        `bp ${String(result.bestPractices).padStart(3)}`,
        `FCP ${(result.fcp / 1000).toFixed(1)} s`,
        `LCP ${(result.lcp / 1000).toFixed(1)} s`,
        `TBT ${Math.round(result.tbt)} ms`,
        `CLS ${result.cls.toFixed(3)}`,
        `SI ${(result.si / 1000).toFixed(1)} s`,
        `${result.requests} requests`,
        `JS ${result.scriptKb.toFixed(1)} KB`,
        result.served,
      ].join('  '),
    );
  }
  console.log(
    `Load average (1, 5, 15 min): ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
} finally {
  chrome.kill();
  await site.stop();
}
const low = results.filter((r) => r.performance < 95 || r.accessibility < 100 || r.bestPractices < 95);
if (low.length > 0) console.log(`Below 95 / 100 / 95: ${low.map((r) => r.page).join(', ')}`);
