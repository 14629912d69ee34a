import { Anchor, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { tr } from '../../../common/tr';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/QueryState';
import { useSession } from '../../session/store';
import { useCoverageSummary, useStatistics } from './api';
import { DashboardSkeleton } from './DashboardSkeleton';

// The figures come with the signed-in user and paint at once; the dashboard below them (tables,
// lists, the chart) is fetched once they are on screen, beside its data.
const loadDashboard = () => import('./Dashboard');
const Dashboard = lazy(async () => ({ default: (await loadDashboard()).Dashboard }));

function Figure({ label, value, extra }: { label: string; value: number | string; extra?: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid="figure-value">
        {value}
      </Text>
      {extra}
    </Paper>
  );
}

export function HomePage() {
  const info = useSession((s) => s.info)!;
  const fresh = useStatistics();
  const below = useCoverageSummary().data;
  const s = fresh.data?.statistics ?? info.statistics;
  const coverage = s.students ? Math.round((s.studentsWithPhoto / s.students) * 100) : 0;
  const h = tr.home;
  useEffect(() => {
    void loadDashboard();
  }, []);
  return (
    <Stack>
      <PageHeader title={tr.pages.home} />
      <Text>{h.welcome(info.userInfo.name)}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {info.level === 'panel' ? <Figure label={h.schools} value={s.schools} /> : null}
        {info.level !== 'branch' ? <Figure label={h.branches} value={s.branches} /> : null}
        <Figure label={h.students} value={s.students} />
        <Figure
          label={h.photoCoverage}
          value={`${s.studentsWithPhoto} / ${s.students}`}
          extra={<Progress value={coverage} mt="xs" aria-label={`${h.photoCoverage} %${coverage}`} />}
        />
        {info.level !== 'branch' ? <Figure label={h.managers} value={s.managers} /> : null}
        {below ? (
          <Figure
            label={tr.coverage.homeCard}
            value={`${below.below} / ${below.students}`}
            extra={
              <Stack gap={2} mt={4}>
                <Text size="xs" c="dimmed">
                  {tr.coverage.homeHint(below.goal)}
                </Text>
                {info.level === 'branch' && info.branch && below.below > 0 ? (
                  <Anchor component={Link} size="sm" to={`/students/${info.branch.id}?coverage=below`}>
                    {tr.coverage.homeLink}
                  </Anchor>
                ) : null}
              </Stack>
            }
          />
        ) : null}
        <Figure label={h.pendingMessages} value={s.messages.pending} />
        <Figure label={h.approvedMessages} value={s.messages.approved} />
        <Figure label={h.rejectedMessages} value={s.messages.rejected} />
        <Figure label={h.pendingNicknames} value={s.nicknames.pending} />
        <Figure label={h.notifications} value={s.notifications} />
      </SimpleGrid>
      {fresh.data ? (
        <Suspense fallback={<DashboardSkeleton />}>
          <Dashboard statistics={s} board={fresh.data.dashboard} showSchool={info.level === 'panel'} />
        </Suspense>
      ) : fresh.isError ? (
        <LoadFailed />
      ) : (
        <DashboardSkeleton />
      )}
    </Stack>
  );
}
