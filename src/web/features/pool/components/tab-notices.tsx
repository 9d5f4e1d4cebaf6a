import { Alert } from '@mantine/core';
import { IconHourglass, IconTools } from '@tabler/icons-react';

/** The tabs that need week settlement (scoring, standings, bonuses, money) say they come with it. */
export function SettlementNotice({ tab }: { tab: string }) {
  return (
    <Alert
      color="blue"
      title={`${tab} is coming with settlement`}
      icon={<IconHourglass size={18} aria-hidden />}
    >
      {tab} appears here once weeks are settled: each week's results, lives lost and money moved. Picks and
      the pool's selections already work.
    </Alert>
  );
}

/** League admins see the Commish tools tab; its tools arrive in a later release. */
export function CommishNotice() {
  return (
    <Alert color="blue" title="Commish tools are coming soon" icon={<IconTools size={18} aria-hidden />}>
      The commissioner's tools for this pool (edit picks and lives, payments, posts, settings) arrive in a
      later release.
    </Alert>
  );
}
