import { type Game, GameSchema } from '../../core/games';

/** The sidebar sections that a page can belong to. */
export type SidebarSection = Game | 'leagues' | 'learn' | 'updates';

/**
 * Which sidebar section the page at `pathname` belongs to, by path prefix: a game's own pages
 * (/{game}/...) and the hub filtered on that game belong to the game; world cup counts too.
 */
export function sidebarSectionOf(pathname: string): SidebarSection | null {
  const [first = '', second = '', third = ''] = pathname.split('/').filter(Boolean);
  const game = GameSchema.safeParse(first);
  if (game.success) return game.data;
  if (first === 'leagues' || first === 'league' || first === 'invite') {
    const filtered = GameSchema.safeParse(third);
    if ((second === 'allpools' || second === 'createpool') && filtered.success) return filtered.data;
    return 'leagues';
  }
  if (first === 'getstarted') return 'learn';
  if (first === 'changelog' || first === 'changelog-admin' || first === 'site-admin') return 'updates';
  return null;
}
