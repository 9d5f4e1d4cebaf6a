import { eq } from 'drizzle-orm';
import {
  ENTRANTS_MESSAGES,
  FEED_EVENT_TYPES,
  type ProcessChampionsBody,
  type ProcessChampionsResponse,
} from '../../../../../core/contracts/pools';
import { formatDollars, processChampions } from '../../../../../core/money';
import { must } from '../../../../../core/must';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { poolPagePathIn } from '../../../../../core/pool/identity';
import type { AppContext } from '../../../../context';
import type { UserRow } from '../../../../db/schema';
import { pools } from '../../../../db/schema';
import { badRequest } from '../../../../lib/errors';
import { lockPoolForCommish, requirePoolCommish } from '../../access/pool-access';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { recordPoolAudits } from '../../store/pool-audits.repo';
import { entryLabel } from '../../store/pool-entries.repo';
import {
  awardPrizes,
  loadChampionEntries,
  loadPrizeMoney,
  retireAllButChampions,
} from '../../store/prize-money.repo';

/**
 * POST /admin/processLeagueChamps (irreversible): the champions split the remaining prizes evenly in cents
 * (ledger 'prize' rows), everyone else drops to 0 lives with the weeks alive given, and the pool is final.
 */
export async function processLeagueChamps(
  ctx: AppContext,
  viewer: UserRow,
  input: ProcessChampionsBody,
): Promise<ProcessChampionsResponse> {
  await requirePoolCommish(ctx.db, { poolId: input.poolId }, viewer);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // The pool row is locked first: a second crowning (or a prize split) waits and then sees this one.
    const { pool, league } = await lockPoolForCommish(tx, input.poolId, viewer);
    if (pool.final) throw badRequest(ENTRANTS_MESSAGES.championsAlready);
    // Set-based (a big pool's every entry changes): only the named champions are read into Node.
    const byId = await loadChampionEntries(tx, pool.id, input.champions);
    const unknown = input.champions.find((id) => !byId.has(id));
    if (unknown !== undefined) throw badRequest(ENTRANTS_MESSAGES.entryNotFound);
    for (const id of input.champions) {
      const row = byId.get(id);
      if (row && row.entry.status !== ENTRY_STATUS.active) {
        throw badRequest(ENTRANTS_MESSAGES.championInactive(entryLabel(row.username, row.entry.entryNum)));
      }
    }
    const money = await loadPrizeMoney(tx, pool, []);
    const outcome = processChampions({
      final: pool.final,
      entrants: [...byId.values()].map((row) => ({
        id: String(row.entry.id),
        lives: row.entry.lives,
        weeksAlive: row.entry.weeksAlive,
        alive: row.entry.lives > 0,
      })),
      champions: input.champions.map(String),
      prizesRemaining: money.remaining,
      defaultWeeksAlive: input.defaultWeeksAlive,
    });
    if (!outcome.ok) throw badRequest(outcome.message);
    const outcomes = outcome.entrants;
    await retireAllButChampions(tx, {
      poolId: pool.id,
      champions: input.champions,
      defaultWeeksAlive: input.defaultWeeksAlive,
      // An id past the column's range names no entry: left out rather than refused by the cast.
      weeksAlive: Object.entries(input.userWeeksAlive)
        .map(([id, weeksAlive]) => ({ entryId: Number(id), weeksAlive }))
        .filter((row) => row.entryId <= 2_147_483_647),
    });

    const champions = input.champions.map((id) => {
      const row = must(byId.get(id));
      const award = outcomes.find((item) => item.id === String(id))?.prize ?? 0;
      return { id, label: entryLabel(row.username, row.entry.entryNum), award };
    });
    await awardPrizes(
      tx,
      pool.id,
      champions.map((champion) => ({ entryId: champion.id, amount: champion.award })),
      'Champion',
      viewer.id,
      now,
    );
    const labels = champions.map((champion) => champion.label);
    await tx.update(pools).set({ final: true, champions: labels }).where(eq(pools.id, pool.id));

    const names = joinNames(labels);
    const prizeText =
      outcome.totalAwarded > 0
        ? ` ${labels.length === 1 ? 'The champion receives' : 'They split'} ${formatDollars(outcome.totalAwarded)} of prizes.`
        : '';
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        userId: viewer.id,
        type: FEED_EVENT_TYPES.alert,
        summary: labels.length === 1 ? `${names} is the champion!` : `${names} are the champions!`,
        desc: `The Commish crowned ${names} and closed ${pool.gameName} ${pool.season}.${prizeText}`,
        link: poolPagePathIn(pool, league),
      },
      now,
    );
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'champions',
          summary: `Crowned ${names}; ${formatDollars(outcome.totalAwarded)} awarded; the pool is final`,
          oldValue: { final: false, remaining: money.remaining },
          newValue: {
            final: true,
            champions: labels,
            defaultWeeksAlive: input.defaultWeeksAlive,
            userWeeksAlive: input.userWeeksAlive,
          },
        },
        ...champions.map((champion) => ({
          action: 'champions',
          summary: `${champion.label} crowned champion: ${formatDollars(champion.award)} prize`,
          entryId: champion.id,
          oldValue: null,
          newValue: { prize: champion.award },
        })),
      ],
      now,
    );
    return { labels, awards: champions.map((champion) => champion.award) };
  });
  notifyPoolChanged(ctx, input.poolId, 'standings');
  notifyPoolChanged(ctx, input.poolId, 'money');
  notifyPoolChanged(ctx, input.poolId, 'feed');
  return {
    message: `Champions processed: ${joinNames(result.labels)}.`,
    champions: result.labels,
    awards: result.awards,
  };
}

/** "a", "a and b", "a, b and c". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
