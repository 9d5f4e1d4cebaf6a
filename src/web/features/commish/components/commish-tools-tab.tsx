import { Tabs, useMatches } from '@mantine/core';
import { lazy, useEffect, useRef } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import type { PoolDetails, PoolViewer } from '../../../../core/contracts/pools';
import { hasBonusPool } from '../../../../core/games';
import { poolAddressOf, poolPagePath } from '../../../../core/pool/identity';
import { loadBoundary } from '../../../components/load-state';

type ToolProps = { pool: PoolDetails; viewer: PoolViewer };

// Each tool loads when opened, so the tab's first paint carries one tool's code.
const PoolSettingsTool = lazy(() =>
  import('./settings/pool-settings-tool').then((m) => ({ default: m.PoolSettingsTool })),
);
const ManageEntrantsTool = lazy(() =>
  import('./entrants/manage-entrants-tool').then((m) => ({ default: m.ManageEntrantsTool })),
);
const CommishDeskTool = lazy(() =>
  import('./desk/commish-desk-tool').then((m) => ({ default: m.CommishDeskTool })),
);
const EditPicksTool = lazy(() =>
  import('./edit-picks/edit-picks-tool').then((m) => ({ default: m.EditPicksTool })),
);
const ManageBonusesTool = lazy(() =>
  import('./bonus-pool/manage-bonuses-tool').then((m) => ({ default: m.ManageBonusesTool })),
);
const CommishFinancesTool = lazy(() =>
  import('./money/commish-finances-tool').then((m) => ({ default: m.CommishFinancesTool })),
);
const SplitPrizesTool = lazy(() =>
  import('./money/split-prizes-tool').then((m) => ({ default: m.SplitPrizesTool })),
);
const EmailPoolTool = lazy(() =>
  import('./email/email-pool-tool').then((m) => ({ default: m.EmailPoolTool })),
);
const MissingPicksTool = lazy(() =>
  import('./missing-picks/missing-picks-tool').then((m) => ({ default: m.MissingPicksTool })),
);
const ExportsTool = lazy(() => import('./exports/exports-tool').then((m) => ({ default: m.ExportsTool })));
const AuditLogTool = lazy(() => import('./audit/audit-log-tool').then((m) => ({ default: m.AuditLogTool })));

type Tool = { key: string; label: string; Tool: React.ComponentType<ToolProps>; bonusOnly?: boolean };

/** The pool-scope tools of spec 2 in its order, then the exports (issue 45) and the audit log; the key is the tool's sub-path. */
const TOOLS: Tool[] = [
  { key: 'settings', label: 'Pool Settings', Tool: PoolSettingsTool },
  { key: 'entrants', label: 'Manage Entrants', Tool: ManageEntrantsTool },
  { key: 'desk', label: "Commish's Desk", Tool: CommishDeskTool },
  { key: 'editpicks', label: 'Edit Picks', Tool: EditPicksTool },
  { key: 'bonuses', label: 'Bonuses', Tool: ManageBonusesTool, bonusOnly: true },
  { key: 'finances', label: 'Finances', Tool: CommishFinancesTool },
  { key: 'split', label: 'Split Prizes', Tool: SplitPrizesTool },
  { key: 'email', label: 'Email Pool', Tool: EmailPoolTool },
  { key: 'missingpicks', label: 'Missing Picks', Tool: MissingPicksTool },
  { key: 'exports', label: 'Exports', Tool: ExportsTool },
  { key: 'audit', label: 'Audit Log', Tool: AuditLogTool },
];

/**
 * The Commish tools tab (league admins only; the server refuses everyone else): one tool at a time, each a
 * nested route at /commishtools/{tool}, Pool Settings by default (and for an unknown tool). Bonuses is offered
 * where the game has a bonus pool.
 */
export function CommishToolsTab({ pool, viewer }: ToolProps) {
  const tools = TOOLS.filter((t) => !t.bonusOnly || hasBonusPool(pool.game));
  const first = tools[0] as Tool;
  const open = (tool: Tool) => <CommishTools pool={pool} viewer={viewer} tools={tools} active={tool} />;
  return useRoutes([
    { index: true, element: open(first) },
    ...tools.map((tool) => ({ path: `${tool.key}/*`, element: open(tool) })),
    { path: '*', element: open(first) },
  ]);
}

/** The tools' pills and the open tool, its code loaded when opened. */
function CommishTools({ pool, viewer, tools, active }: ToolProps & { tools: Tool[]; active: Tool }) {
  const navigate = useNavigate();
  const base = `${poolPagePath(poolAddressOf(pool))}/commishtools`;
  // A phone keeps the tools on one line that scrolls sideways (wrapped, they took four lines above every tool),
  // with the open tool scrolled into view.
  const oneLine = useMatches({ base: true, sm: false });
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!oneLine) return;
    const tab = list.current?.querySelector<HTMLElement>(`[data-tool="${active.key}"]`);
    if (tab && list.current) list.current.scrollLeft = tab.offsetLeft - list.current.offsetLeft - 16;
  }, [oneLine, active.key]);
  return (
    <Tabs
      value={active.key}
      onChange={(value) => navigate(value === 'settings' ? base : `${base}/${value}`)}
      variant="pills"
      keepMounted={false}
    >
      <Tabs.List
        ref={list}
        aria-label="Commish tools"
        style={oneLine ? { flexWrap: 'nowrap', overflowX: 'auto' } : { flexWrap: 'wrap' }}
        mb="md"
      >
        {tools.map((t) => (
          <Tabs.Tab
            key={t.key}
            value={t.key}
            data-tool={t.key}
            fw={600}
            px={{ base: 'xs', sm: 'sm' }}
            style={{ flexShrink: 0 }}
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={active.key}>
        {loadBoundary({
          key: active.key,
          loading: 'Loading tool',
          failed: 'Could not show this tool',
          children: <active.Tool pool={pool} viewer={viewer} />,
        })}
      </Tabs.Panel>
    </Tabs>
  );
}
