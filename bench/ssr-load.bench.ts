// A flood of first views: anonymous visitors asking for server-rendered pool pages, N at a time, while
// one probe asks /api/health every 50 ms. Builds the web app, starts a demo server on a fresh embedded
// database (the `npm start` default) and prints, per page, how long the flood took, how many answers were
// rendered on the server or sent as the plain app, the largest page, and the health probe's percentiles
// (decision 037: one render per page and change for visitors without a session, a cap on the others).
//
//   npm run bench:ssr-load                         100 views of Make Picks, 20 at a time, then 4 other tabs
//   npm run bench:ssr-load -- --views 200 --at-once 40
//   npm run bench:ssr-load -- --settle 1           the flood 1 s after the server answers (default 10 s)
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:ssr-load   a server already running
import { openDemoSite, percentile } from './support';

const POOL = '/mlb/ala/2023/reg/0';
const PAGES = [`${POOL}/makepicks`, POOL, `${POOL}/standings`, `${POOL}/scoreboard`, '/leagues/allpools'];

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(name);
  return at >= 0 ? Math.max(1, Number(argv[at + 1]) || fallback) : fallback;
};
const views = option('--views', 100);
const atOnce = option('--at-once', 20);
const settleSeconds = option('--settle', 10);

interface Flood {
  page: string;
  seconds: number;
  statuses: Map<number, number>;
  rendered: number;
  plain: number;
  largestKb: number;
  health: number[];
}

/** `views` anonymous first views of one page, `atOnce` at a time, with the health probe running. */
async function flood(baseUrl: string, page: string): Promise<Flood> {
  const health: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result: Flood = {
    page,
    seconds: 0,
    statuses: new Map(),
    rendered: 0,
    plain: 0,
    largestKb: 0,
    health,
  };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < views) {
      next += 1;
      // As a phone's browser asks: compressed, so the size is what travels.
      const answer = await fetch(`${baseUrl}${page}`, {
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' },
      });
      const html = await answer.text();
      result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
      if (html.includes('id="ala-ssr"')) result.rendered += 1;
      else result.plain += 1;
      result.largestKb = Math.max(result.largestKb, Buffer.byteLength(html) / 1000);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  result.seconds = (performance.now() - started) / 1000;
  probing = false;
  await probe;
  return result;
}

const site = await openDemoSite('ssr-load');
const baseUrl = site.base;
try {
  // A server just started seeds, catches its replay up and renders its first views ahead (decision 037):
  // the flood starts once that is done, as visitors of a server in service would find it.
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  console.log(`${views} anonymous first views per page, ${atOnce} at a time; /api/health probed every 50 ms`);
  console.log(
    `${'page'.padEnd(30)} ${'total'.padStart(7)} ${'status'.padStart(8)} ${'SSR/plain'.padStart(10)} ${'largest'.padStart(9)}  health p50 / p99 / max`,
  );
  for (const page of PAGES) {
    const r = await flood(baseUrl, page);
    const sorted = [...r.health].sort((a, b) => a - b);
    const statuses = [...r.statuses].map(([status, count]) => `${count}x${status}`).join(' ');
    console.log(
      `${page.padEnd(30)} ${`${r.seconds.toFixed(1)} s`.padStart(7)} ${statuses.padStart(8)} ${`${r.rendered}/${r.plain}`.padStart(10)} ${`${r.largestKb.toFixed(0)} KB`.padStart(9)}  ${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)} / ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
} finally {
  await site.stop();
}
