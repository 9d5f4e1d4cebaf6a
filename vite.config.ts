import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// @ts-expect-error: a plain ES module script, without type declarations
import { precompress } from './scripts/precompress.mjs';

/** Writes .br and .gz copies of the built files, which the server sends as they are. */
function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'ala-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompressPlugin()],
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
});
