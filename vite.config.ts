import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
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
