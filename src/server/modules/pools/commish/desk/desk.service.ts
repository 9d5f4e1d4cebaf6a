import {
  type CommishPostBody,
  type CrownByEndRuleBody,
  type CrownByEndRuleResponse,
  END_RULE_MESSAGES,
  ENTRANTS_MESSAGES,
} from '../../../../../core/contracts/pools';
import type { AppContext } from '../../../../context';
import type { UserRow } from '../../../../db/schema';
import { badRequest } from '../../../../lib/errors';
import { requirePoolCommish } from '../../access/pool-access';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { crownPoolEnd, readPoolEnd } from '../../settlement/season-end.service';
import { recordPoolAudits } from '../../store/pool-audits.repo';

/**
 * POST /admin/commishPosts: a commissioner's post (headline, body, optional link; an alert or bonus-related) to
 * the pool's feed, where the Commish's Desk and the Home's news show it. Audited with its text.
 */
export async function createCommishPost(
  ctx: AppContext,
  viewer: UserRow,
  input: CommishPostBody,
): Promise<{ message: string }> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId: input.activePool }, viewer);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        userId: viewer.id,
        type: input.type,
        summary: input.summary,
        desc: input.post,
        link: input.link,
      },
      now,
    );
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'post',
          summary: `Posted "${input.summary}"`,
          oldValue: null,
          newValue: { summary: input.summary, post: input.post, link: input.link, type: input.type },
        },
      ],
      now,
    );
  });
  notifyPoolChanged(ctx, pool.id, 'feed');
  return { message: ENTRANTS_MESSAGES.posted };
}

/**
 * POST /admin/crownByEndRule: Commish's Desk's button, the same crowning the settlement runs for an
 * automatic pool. A repeat after the crowning answers success; a pool the rule has not decided is a 400.
 */
export async function crownByEndRule(
  ctx: AppContext,
  viewer: UserRow,
  input: CrownByEndRuleBody,
): Promise<CrownByEndRuleResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId: input.poolId }, viewer);
  const end = await readPoolEnd(ctx.db, pool.id);
  if (!end) {
    if (pool.final) return { message: END_RULE_MESSAGES.already };
    throw badRequest(END_RULE_MESSAGES.notDecided);
  }
  if (end.crownedAt || pool.final) return { message: END_RULE_MESSAGES.already };
  await crownPoolEnd(ctx, pool.id, viewer);
  return { message: END_RULE_MESSAGES.crowned(end.reason) };
}
