import type { BrowserContext, Page } from 'playwright-core';
import { registerConfirmed } from './accounts';
import { DESKTOP, uniqueName } from './browser';
import { newCachedPage } from './cached-assets';

/*
 * A world of a Commish tools test's own on the shared demo server: a fresh commissioner with a league and pools
 * that no other test reads (the demo leagues' pools are never changed), and fresh players who join it.
 */

/** The password of every account made here. */
export const WORLD_PASSWORD = 'commish-world-2026';

export interface OwnPool {
  /** The pool's page: /{game}/{league}/{season}/{type}/{idx}. */
  path: string;
  poolId: number;
  leagueId: number;
}

/** A season open for new pools, as Create a Pool offers it. */
export interface OpenSeason {
  game: string;
  season: number;
  season_type: string;
}

export interface PoolChoice {
  /** Which open season the pool plays; the first one offered when not given. */
  season?: (seasons: OpenSeason[]) => OpenSeason | undefined;
  /** Settings beyond the game's defaults. */
  settings?: Record<string, unknown>;
}

/** Posts JSON as the page's account; answers the reply's JSON, or throws unless the status is `status`. */
export async function postAs(page: Page, url: string, data: object, status: number) {
  const response = await page.request.post(url, { data });
  if (response.status() !== status) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A fresh account, signed in on the page's context: its username. */
export async function signedInNewcomer(page: Page, prefix: string): Promise<string> {
  const username = uniqueName(prefix).slice(0, 20);
  await registerConfirmed(page, {
    username,
    nameFirst: 'Fresh',
    nameLast: 'Player',
    password: WORLD_PASSWORD,
  });
  return username;
}

/** A joinable league that the page's account creates and administers: its id. */
export async function ownLeague(page: Page, name: string): Promise<number> {
  const abb = `${name[0]}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const created = await postAs(
    page,
    '/leagueRoutes/createLeague',
    { name: `${name} ${abb}`, abb, joinable: true },
    201,
  );
  return created.league.id;
}

/** A pool that the page's account, the league's commissioner, activates in the league. */
export async function ownPool(page: Page, leagueId: number, choice: PoolChoice = {}): Promise<OwnPool> {
  const { seasons } = (await (await page.request.get('/api/poolCreation/options')).json()) as {
    seasons: OpenSeason[];
  };
  const season = choice.season ? choice.season(seasons) : seasons[0];
  if (!season) throw new Error(`no season open for new pools fits: ${JSON.stringify(seasons)}`);
  const created = await postAs(
    page,
    '/leagueRoutes/activatePool',
    {
      league_id: leagueId,
      season: season.season,
      season_type: season.season_type,
      settings: { game: season.game, ...choice.settings },
    },
    201,
  );
  const { game, league_abb, season: year, season_type, pool_idx } = created;
  const loaded = await (
    await page.request.get(`/api/loadPool/${game}/${league_abb}/${year}/${pool_idx}/${season_type}`)
  ).json();
  return {
    path: `/${game}/${league_abb}/${year}/${season_type}/${pool_idx}`,
    poolId: loaded.pool.id,
    leagueId,
  };
}

/** The page's account signs up for the pool (one entry). */
export async function enterPool(page: Page, pool: OwnPool): Promise<void> {
  await postAs(page, '/user/regForGame', { pool_id: pool.poolId }, 201);
}

/** A fresh player who joins the league, and enters the pool when one is given: their username. */
export async function leagueMember(leagueId: number, prefix: string, entering?: OwnPool): Promise<string> {
  const { context, page } = await newCachedPage();
  try {
    const username = await signedInNewcomer(page, prefix);
    await postAs(page, '/leagueRoutes/joinLeague', { league_id: leagueId }, 200);
    if (entering) await enterPool(page, entering);
    return username;
  } finally {
    await context.close();
  }
}

export interface CommishWorld {
  /** The commissioner, signed in on a desktop page that the world keeps open until close(). */
  commish: { username: string; page: Page };
  leagueId: number;
  /** The pools asked for, in their order; nobody has entered them yet. */
  pools: OwnPool[];
  /** A fresh page of its own (the phone's, say) signed in as the commissioner; the test closes its context. */
  commishPage(viewport?: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** A fresh commissioner with a joinable league named `name` and one pool per choice in it (one by default). */
export async function commishWithLeague(name: string, pools: PoolChoice[] = [{}]): Promise<CommishWorld> {
  const { context, page } = await newCachedPage();
  const username = await signedInNewcomer(page, `c${name[0].toLowerCase()}`);
  const leagueId = await ownLeague(page, name);
  const made: OwnPool[] = [];
  for (const choice of pools) made.push(await ownPool(page, leagueId, choice));
  return {
    commish: { username, page },
    leagueId,
    pools: made,
    commishPage: async (viewport = DESKTOP) => {
      const other = await newCachedPage(viewport);
      await postAs(other.page, '/auth/login', { username, password: WORLD_PASSWORD }, 200);
      return other;
    },
    close: () => context.close(),
  };
}

/** Picks an option of a Mantine select (the tools' User, Entrant, Transaction type) by its label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
