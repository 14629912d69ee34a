import { Anchor, Grid, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { tr } from '../../../common/tr';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, Loading } from '../../components/QueryState';
import { useSession } from '../../session/store';
import { useCoverageSummary, useStatistics } from './api';
import { ConsentCounts } from './ConsentCounts';
import { DeadlineList } from './DeadlineList';
import { MessagesChart } from './MessagesChart';
import { PendingWork } from './PendingWork';
import { ProgressTable } from './ProgressTable';
import { StudentsToChase } from './StudentsToChase';

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

export function HomePage() {
  const info = useSession((s) => s.info)!;
  const fresh = useStatistics();
  const below = useCoverageSummary().data;
  const s = fresh.data?.statistics ?? info.statistics;
  const coverage = s.students ? Math.round((s.studentsWithPhoto / s.students) * 100) : 0;
  const h = tr.home;
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
        <>
          <SideBySide>
            <PendingWork statistics={s} board={fresh.data.dashboard} />
            <DeadlineList deadlines={fresh.data.dashboard.deadlines} />
          </SideBySide>
          <ProgressTable board={fresh.data.dashboard} />
          <ConsentCounts counts={fresh.data.dashboard.consents} />
          <MessagesChart days={fresh.data.dashboard.messagesPerDay} />
          <SideBySide>
            {[
              { id: 'without-photo-title', title: tr.dashboard.withoutPhoto, none: tr.dashboard.allHavePhotos, list: fresh.data.dashboard.withoutPhoto },
              { id: 'wrote-nothing-title', title: tr.dashboard.wroteNothing, none: tr.dashboard.allWrote, list: fresh.data.dashboard.wroteNothing },
            ].map((chase) => (
              <StudentsToChase key={chase.id} {...chase} showSchool={info.level === 'panel'} />
            ))}
          </SideBySide>
        </>
      ) : fresh.isError ? (
        <LoadFailed />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}
