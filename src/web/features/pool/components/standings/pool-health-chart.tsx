import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import type { PoolHealthResponse } from '../../../../../core/contracts/pools';

const COLORS = ['red.7', 'orange.6', 'green.7', 'teal.7', 'blue.7', 'grape.7'];

/** The stacked chart of entries alive after each settled week by lives (loaded on demand: it brings recharts). */
export default function PoolHealthChart({ health }: { health: PoolHealthResponse }) {
  return (
    <AreaChart
      h={200}
      data={health.weeks}
      dataKey="week"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      xAxisLabel="Week"
      series={health.keys.map((key, index) => ({ name: key, color: COLORS[index % COLORS.length] }))}
    />
  );
}
