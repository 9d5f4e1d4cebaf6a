import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import type { PoolHealthResponse } from '../../../../../core/contracts/pools';
import { getCountTicks } from './count-ticks';

const COLORS = ['red.7', 'orange.6', 'green.7', 'teal.7', 'blue.7', 'grape.7'];

/** The stacked chart of entries alive after each settled week by lives (loaded on demand: it brings recharts). */
export default function PoolHealthChart({ health }: { health: PoolHealthResponse }) {
  // The stack's height is the week's entries alive: the axis counts whole entries in even steps up to it.
  const top = health.weeks.reduce(
    (most, week) =>
      Math.max(
        most,
        health.keys.reduce((sum, key) => sum + (week[key] ?? 0), 0),
      ),
    0,
  );
  const ticks = getCountTicks(top);
  return (
    <AreaChart
      h={200}
      data={health.weeks}
      dataKey="week"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      xAxisLabel="Week"
      yAxisProps={{ domain: [0, ticks[ticks.length - 1]], ticks, allowDecimals: false, interval: 0 }}
      series={health.keys.map((key, index) => ({ name: key, color: COLORS[index % COLORS.length] }))}
    />
  );
}
