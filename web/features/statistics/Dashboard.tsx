/**
 * Home's part below the figures: the work waiting, the deadlines, progress per unit, consents, the
 * messages chart and the students to chase. Its own chunk, loaded after Home's first paint; the
 * chart, the heaviest piece (its charting library), is a chunk of its own again, drawn last.
 */
import { Grid, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
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
      <Suspense fallback={<Skeleton h={CHART_PLACE} radius="md" />}>
        <MessagesChart days={board.messagesPerDay} />
      </Suspense>
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
