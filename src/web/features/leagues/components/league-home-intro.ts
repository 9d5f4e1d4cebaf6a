import type { Viewer } from '../../../../core/contracts/leagues';

/** The line above League Home, by who reads it: only outsiders are asked to join. */
export function leagueHomeIntro(viewer: Pick<Viewer, 'isMember' | 'isAdmin'>): string {
  if (viewer.isAdmin) {
    return 'You run this league: open its pools and decide who may join from Commish Tools, and invite your friends to play.';
  }
  if (viewer.isMember) {
    return 'You are a member of this league: you can sign up for its pools, invite your friends to play, and choose in Settings whether to be e-mailed when a new pool opens.';
  }
  return 'Join this league to be notified when its commissioner opens a new pool, to sign up for its pools, and to invite your friends to play.';
}
