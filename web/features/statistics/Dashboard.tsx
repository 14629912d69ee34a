/**
 * Home's part below the figures: the work waiting, the deadlines, progress per unit, consents, the
 * messages chart and the students to chase. Its own chunk, loaded after Home's first paint; the
 * chart, the heaviest piece (its charting library), is a chunk of its own again, loaded when seen.
 */
import { Grid, Skeleton } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import type { Statistics } from '../../../common/schemas/auth';
import type { Dashboard as Board } from '../../../common/schemas/dashboard';
import { tr } from '../../../common/tr';
import { ConsentCounts } from './ConsentCounts';
import { CHART_PLACE } from './DashboardSkeleton';
import { DeadlineList } from './DeadlineList';
import { PendingWork } from './PendingWork';
import { ProgressTable } from './ProgressTable';
import { StudentsToChase } from './StudentsToChase';

const MessagesChart = lazy(async () => ({ default: (await import('./MessagesChart')).MessagesChart }));

/**
 * The chart, drawn once its place comes on screen: on a phone it lies far below the figures, and its
 * charting library is the heaviest code of Home, so a visit that does not scroll to it never loads it.
 */
function ChartWhenSeen({ days }: { days: Board['messagesPerDay'] }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  if (!seen) return <Skeleton ref={ref} h={CHART_PLACE} radius="md" data-testid="messages-chart-place" />;
  return (
    <Suspense fallback={<Skeleton h={CHART_PLACE} radius="md" />}>
      <MessagesChart days={days} />
    </Suspense>
  );
}

/** Two pieces side by side on a wide screen, one under the other on a narrow one. */
function SideBySide({ children }: { children: React.ReactNode[] }) {
  return (
    <Grid>
      {children.map((child, i) => (
        <Grid.Col key={i} span={{ base: 12, md: 6 }}>
          {child}
        </Grid.Col>
      ))}
    </Grid>
  );
}

export function Dashboard({ statistics, board, showSchool }: { statistics: Statistics; board: Board; showSchool: boolean }) {
  return (
    <>
      <SideBySide>
        <PendingWork statistics={statistics} board={board} />
        <DeadlineList deadlines={board.deadlines} />
      </SideBySide>
      <ProgressTable board={board} />
      <ConsentCounts counts={board.consents} />
      <ChartWhenSeen days={board.messagesPerDay} />
      <SideBySide>
        {[
          { id: 'without-photo-title', title: tr.dashboard.withoutPhoto, none: tr.dashboard.allHavePhotos, list: board.withoutPhoto },
          { id: 'wrote-nothing-title', title: tr.dashboard.wroteNothing, none: tr.dashboard.allWrote, list: board.wroteNothing },
        ].map((chase) => (
          <StudentsToChase key={chase.id} {...chase} showSchool={showSchool} />
        ))}
      </SideBySide>
    </>
  );
}
