/**
 * Messages per day over the last 30 days: a bar chart with named axes and Turkish day names,
 * described for screen readers in one sentence; an empty state when nothing was written.
 */
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';
import { EmptyState } from '../../components/EmptyState';

/** "24 Kas" on the axis, "24 Kasım 2026" in the tooltip (dayjs speaks Turkish in this app). */
const shortDay = (date: string) => dayjs(date).format('D MMM');
const longDay = (date: string) => dayjs(date).format('D MMMM YYYY');

export function MessagesChart({ days }: { days: Dashboard['messagesPerDay'] }) {
  const d = tr.dashboard;
  const max = Math.max(0, ...days.map((x) => x.count));
  const total = days.reduce((sum, x) => sum + x.count, 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs" id="messages-chart-title">
        {d.messagesPerDay}
      </Text>
      {total === 0 ? (
        <EmptyState title={d.chartEmpty} description={d.chartEmptyHint} />
      ) : (
        <div role="img" aria-labelledby="messages-chart-title messages-chart-summary" data-testid="messages-chart">
          <Text id="messages-chart-summary" className="visually-hidden">
            {d.chartSummary(total, max)}
          </Text>
          <BarChart
            h={240}
            data={days.map((day) => ({ date: day.date, [d.chartSeries]: day.count }))}
            dataKey="date"
            series={[{ name: d.chartSeries, color: 'var(--mantine-primary-color-filled)' }]}
            xAxisLabel={d.chartDay}
            yAxisLabel={d.chartCount}
            xAxisProps={{ tickFormatter: shortDay, interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ allowDecimals: false, width: 40 }}
            tooltipProps={{ labelFormatter: (label) => longDay(String(label)) }}
            tooltipAnimationDuration={0}
            barProps={{ isAnimationActive: false }}
          />
        </div>
      )}
    </Paper>
  );
}
