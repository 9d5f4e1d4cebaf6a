// Measures the JavaScript each page of the web app loads before it can show anything: the entry
// chunk, the page's own (lazy) chunk and every chunk they import statically, gzipped. The pool and
// league pages are also measured per lazy tab (the page plus the tab's chunk), as a deep link such as
// /mlb/ala/2023/reg/0/makepicks or /league/ala/members loads it. Fails when a page goes over the budget.
//   node scripts/bundle-size.mjs             builds into a temporary folder and measures it
//   node scripts/bundle-size.mjs --dir DIR   measures a build made with `vite build --manifest`
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 250 * 1000;
const root = path.resolve(import.meta.dirname, '..');

/** The chunks a manifest entry loads at once: itself and its static imports, transitively. */
export function initialChunks(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) initialChunks(manifest, imported, seen);
  return seen;
}

/**
 * A page's lazy tabs: the manifest keys of the modules its tabs file (in `folder`) imports dynamically,
 * but the pool's Active Entry choice (not a tab).
 */
export function lazyTabsOf(tabsSource, folder) {
  return [...tabsSource.matchAll(/import\(\s*'\.\/([^']+)'\s*\)/g)]
    .map((match) => match[1])
    .filter((module) => module !== 'active-entry-select')
    .map((module) => `${folder}/${module}.tsx`);
}

const tabsIn = (folder, file) =>
  lazyTabsOf(readFileSync(path.join(root, 'src/web', folder, file), 'utf8'), folder);

/**
 * Per page with lazy tabs, the tabs' manifest keys; the pool page adds the Commish tools (their own feature,
 * composed in routes/pool.tsx) after its own.
 */
const LAZY_TABS = () => ({
  pool: [
    ...tabsIn('features/pool/components', 'pool-tabs.tsx'),
    'features/commish/components/commish-tools-tab.tsx',
  ],
  league: tabsIn('features/leagues/components', 'league-tabs.tsx'),
});

/**
 * Parts of a tab that only some pools load at once (and vite.config.ts preloads with them): the tab is
 * measured with each too, as `page/tab (name)`.
 */
const TAB_PARTS = {
  'features/pool/components/make-picks/make-picks-tab.tsx': [
    ['nfl-td', 'features/pool/components/make-picks/nfl-picks.tsx'],
    ['nfl', 'features/pool/components/make-picks/nfl-survivor-picks.tsx'],
  ],
  'features/pool/components/scoreboard/scoreboard-tab.tsx': [
    ['nfl', 'features/pool/components/scoreboard/nfl-week-games.tsx'],
  ],
};

/**
 * Per page (each lazy route of src/web/routes), the files of its initial JavaScript; for each
 * `tabs` of a page, also the page opened on that tab (page/tab), and with each of the tab's parts.
 */
export function pagesOf(manifest, tabs = LAZY_TABS()) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const start = initialChunks(manifest, entry);
  const files = (chunks) => [...chunks].map((chunk) => manifest[chunk].file);
  return Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && key.startsWith('routes/'))
    .flatMap((key) => {
      const page = key.replace(/^routes\//, '').replace(/\.tsx?$/, '');
      const chunks = initialChunks(manifest, key, new Set(start));
      return [
        { page, files: files(chunks) },
        ...(tabs[page] ?? []).flatMap((tab) => {
          if (!manifest[tab]?.isDynamicEntry) throw new Error(`${tab} is not a lazy chunk of the build`);
          const name = path.basename(tab).replace(/\.tsx?$/, '');
          const tabChunks = initialChunks(manifest, tab, new Set(chunks));
          return [
            { page: `${page}/${name}`, files: files(tabChunks) },
            ...(TAB_PARTS[tab] ?? []).map(([part, module]) => {
              if (!manifest[module]?.isDynamicEntry)
                throw new Error(`${module} is not a lazy chunk of the build`);
              return {
                page: `${page}/${name} (${part})`,
                files: files(initialChunks(manifest, module, new Set(tabChunks))),
              };
            }),
          ];
        }),
      ];
    });
}

function measure(dir) {
  const manifestFile = path.join(dir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file))
      gzipped.set(file, gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  return pagesOf(manifest)
    .map(({ page, files }) => ({
      page,
      files: files.length,
      bytes: files.reduce((sum, f) => sum + sizeOf(f), 0),
    }))
    .sort((a, b) => b.bytes - a.bytes);
}

function main() {
  const dirFlag = process.argv.indexOf('--dir');
  let dir = dirFlag > 0 ? path.resolve(process.argv[dirFlag + 1]) : undefined;
  const built = !dir;
  if (!dir) {
    dir = mkdtempSync(path.join(tmpdir(), 'ala-bundle-size-'));
    const build = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
        '--manifest',
        '--outDir',
        dir,
        '--emptyOutDir',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  try {
    const pages = measure(dir);
    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
    console.log(`Initial JavaScript per page, gzipped (budget ${kb(BUDGET_BYTES)}):`);
    for (const { page, files, bytes } of pages) {
      console.log(
        `  ${bytes > BUDGET_BYTES ? '✗' : '✓'} ${page.padEnd(26)} ${kb(bytes).padStart(9)}  (${files} files)`,
      );
    }
    const over = pages.filter((p) => p.bytes > BUDGET_BYTES);
    if (over.length > 0) {
      console.error(`Over budget: ${over.map((p) => p.page).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (built) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) main();
