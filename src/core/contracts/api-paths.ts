/**
 * Paths answered by the server's API; everything else is the single-page web app and its files. The
 * server limits and never caches these (src/server/app.ts), and the web app's service worker never answers
 * them (src/web/sw.ts).
 */
export const API_PREFIXES = ['/api/', '/auth/', '/user/', '/leagueRoutes/', '/admin/', '/pools/'];
