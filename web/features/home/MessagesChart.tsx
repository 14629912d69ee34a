/** Messages per day over the last 30 days: a small SVG bar chart, described for screen readers. */
import { Paper, Text } from '@mantine/core';
import { displayDate } from '../../../common/dates';
import type { Dashboard } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';

const W = 600;
const H = 160;
const PAD = 18;

export function MessagesChart({ days }: { days: Dashboard['messagesPerDay'] }) {
  const d = tr.dashboard;
  const max = Math.max(0, ...days.map((x) => x.count));
  const total = days.reduce((sum, x) => sum + x.count, 0);
  const slot = (W - PAD) / days.length;
  const barWidth = Math.max(2, slot - 4);
  const scale = (n: number) => (max ? (n / max) * (H - PAD * 2) : 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs" id="messages-chart-title">
        {d.messagesPerDay}
      </Text>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby="messages-chart-title messages-chart-summary" style={{ display: 'block' }}>
        <desc id="messages-chart-summary">{d.chartSummary(total, max)}</desc>
        <line x1={PAD} x2={W} y1={H - PAD} y2={H - PAD} stroke="var(--mantine-color-gray-4)" />
        <text x={0} y={PAD} fontSize={11} fill="var(--mantine-color-dimmed)">
          {max}
        </text>
        {days.map((day, i) => {
          const h = scale(day.count);
          return (
            <rect
              key={day.date}
              data-testid="chart-bar"
              data-count={day.count}
              x={PAD + i * slot + 2}
              y={H - PAD - h}
              width={barWidth}
              height={Math.max(h, day.count ? 1 : 0)}
              rx={2}
              fill="var(--mantine-primary-color-filled)"
            >
              <title>{d.dayBar(displayDate(day.date), day.count)}</title>
            </rect>
          );
        })}
        <text x={PAD} y={H - 2} fontSize={11} fill="var(--mantine-color-dimmed)">
          {displayDate(days[0]?.date)}
        </text>
        <text x={W} y={H - 2} fontSize={11} textAnchor="end" fill="var(--mantine-color-dimmed)">
          {displayDate(days.at(-1)?.date)}
        </text>
      </svg>
    </Paper>
  );
}
