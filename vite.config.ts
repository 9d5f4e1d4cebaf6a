import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// @ts-expect-error: a plain ES module script, without type declarations
import { precompress } from './scripts/precompress.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { routePreloadScript } from './scripts/route-preload.mjs';

/** Writes .br and .gz copies of the built files, which the server sends as they are. */
function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'ala-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, after the service worker is written (vite-plugin-pwa's own closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompress(outDir);
      },
    },
  };
}

/**
 * The chunk of each page a phone opens first (src/web/routes) and of each pool and lazy league tab, by
 * source path, with the address pattern that opens it: the pattern is the routes.tsx one (and the tab the
 * pool-tabs.tsx or league-tabs.tsx one, or the Commish tools' that routes/pool.tsx adds, a nested route of
 * routes/pool.tsx or routes/league.tsx).
 */
const PRELOADED_PAGES: { pattern: string; modules: string[] }[] = [
  { pattern: '^/$', modules: ['routes/landing.tsx'] },
  { pattern: '^/leagues/(find|allpools|create|createpool)(/|$)', modules: ['routes/leagues-hub.tsx'] },
  // A league tab's address before the league's own: the first pattern that matches is preloaded.
  ...(
    [
      ['members', 'league-members'],
      ['settings', 'league-settings'],
      ['commishtools', 'commish-tools'],
    ] as const
  ).map(([tab, module]) => ({
    pattern: `^/league/(?!error/)[^/]+/${tab}(/|$)`,
    modules: ['routes/league.tsx', `features/leagues/components/${module}.tsx`],
  })),
  { pattern: '^/league/(?!error/)[^/]+(/|$)', modules: ['routes/league.tsx'] },
  // An NFL TD pool's Make Picks before every pool tab: its player cards are a chunk of their own.
  {
    pattern: '^/nfl-td/[^/]+/[^/]+/[^/]+/[^/]+/makepicks(/|$)',
    modules: [
      'routes/pool.tsx',
      'features/pool/components/make-picks/make-picks-tab.tsx',
      'features/pool/components/make-picks/nfl-picks.tsx',
    ],
  },
  // NFL Survivor's games grid likewise, and its scoreboard's week of games.
  {
    pattern: '^/nfl/[^/]+/[^/]+/[^/]+/[^/]+/makepicks(/|$)',
    modules: [
      'routes/pool.tsx',
      'features/pool/components/make-picks/make-picks-tab.tsx',
      'features/pool/components/make-picks/nfl-survivor-picks.tsx',
    ],
  },
  {
    pattern: '^/nfl/[^/]+/[^/]+/[^/]+/[^/]+/scoreboard(/|$)',
    modules: [
      'routes/pool.tsx',
      'features/pool/components/scoreboard/scoreboard-tab.tsx',
      'features/pool/components/scoreboard/nfl-week-games.tsx',
    ],
  },
  ...(
    [
      ['(/home)?$', 'features/pool/components/home/pool-home'],
      ['/howtoplay(/|$)', 'features/pool/components/how-to-play'],
      ['/makepicks(/|$)', 'features/pool/components/make-picks/make-picks-tab'],
      ['/scoreboard(/|$)', 'features/pool/components/scoreboard/scoreboard-tab'],
      ['/standings(/|$)', 'features/pool/components/standings/standings-tab'],
      ['/bonuses(/|$)', 'features/pool/components/bonuses/bonuses-tab'],
      ['/finances(/|$)', 'features/pool/components/finances/finances-tab'],
      ['/commishtools(/|$)', 'features/commish/components/commish-tools-tab'],
    ] as const
  ).map(([tab, module]) => ({
    pattern: `^/(nba|mlb|nfl-td|nfl|world-cup)/[^/]+/[^/]+/[^/]+/[^/]+${tab}`,
    modules: ['routes/pool.tsx', `${module}.tsx`],
  })),
];

/**
 * Lets index.html preload the opened page's chunks and everything they import while the entry loads,
 * in one round instead of one lazy import after another (docs/decisions/014-fast-phone.md).
 */
function routePreloadPlugin(): Plugin {
  return {
    name: 'ala-route-preload',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('the build has no index.html');
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byModule = new Map(
        chunks.flatMap((chunk) =>
          chunk.facadeModuleId ? [[path.relative(path.resolve('src/web'), chunk.facadeModuleId), chunk]] : [],
        ),
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('the build has no entry chunk');
      const loaded = closure(entry.fileName, new Set());
      const pages = PRELOADED_PAGES.map(({ pattern, modules }) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(module.split('/').join(path.sep));
          if (!chunk) throw new Error(`${module} is not a chunk of the build`);
          closure(chunk.fileName, files);
        }
        return { pattern, files: [...files].filter((file) => !loaded.has(file)) };
      });
      const source = routePreloadScript(pages, {
        file: entry.fileName,
        imports: [...loaded].filter((file) => file !== entry.fileName),
      });
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
      const page = String(html.source);
      if (!page.includes('</title>')) throw new Error('index.html has no title');
      html.source = page.replace('</title>', `</title>\n    <script async src="/${fileName}"></script>`);
    },
  };
}

/**
 * The service worker (src/web/sw.ts, built to /sw.js) with the list of files it keeps: the hashed code and
 * styles, the icons and the offline page, never index.html (docs/decisions/041-installable-app.md). The
 * manifest is a file of public/ and the app registers the worker itself (shell/app-updates.tsx).
 */
function serviceWorkerPlugin(ssr: boolean) {
  return VitePWA({
    disable: ssr,
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'sw.ts',
    manifest: false,
    injectRegister: false,
    injectManifest: {
      globPatterns: ['assets/*.{js,css}', 'icons/*.png', 'offline.{html,js}'],
      // The hashed files are named by their content: kept under their name, no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      // A classic script, which every browser runs as a service worker.
      rollupFormat: 'iife',
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  // The server render runs React's production build whatever the server's NODE_ENV: the development one
  // renders several times slower.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  plugins: [react(), routePreloadPlugin(), serviceWorkerPlugin(isSsrBuild === true), precompressPlugin()],
  // The server render's bundle (src/web/entry-server.tsx, built by scripts/processes.mjs beside the web app)
  // carries its packages: it is loaded from wherever the build went, where no node_modules may be found.
  ssr: { noExternal: true },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Mantine's small modules that many pages share, in one chunk every page loads; a module only a few
            // lazy screens use (the Commish tools' inputs) stays with them, out of every page's first load.
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/,
              minShareCount: 4,
              maxModuleSize: 4000,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]src[\\/]core[\\/]contracts[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/auth': 'http://127.0.0.1:3000',
      '/user': 'http://127.0.0.1:3000',
      '/leagueRoutes': 'http://127.0.0.1:3000',
      '/admin': 'http://127.0.0.1:3000',
      '/pools': 'http://127.0.0.1:3000',
      // The server redirects it to the offline spreadsheet; the web app would only reload itself.
      '/nba19': 'http://127.0.0.1:3000',
    },
  },
}));
