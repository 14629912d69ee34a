/**
 * Yıllık Baskısı: make a branch's proof or the whole school's book in the background, follow its
 * progress in pages, cancel it, download the interior's PDF and the cover's, page through its
 * proofs and see the cover's wraparound in the lightbox, and
 * approve a branch's proof (the school; works on a phone). The studio unlocks an approved branch
 * and marks the book final (no watermark from then on).
 */
import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { Substitution, YearbookJobDetail, YearbookState } from '../../../common/schemas/yearbook';
import { displayDateTime } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, Loading } from '../../components/QueryState';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { recordOptions, SelectField } from '../../components/SelectField';
import { useSession } from '../../session/store';
import { downloadBook, isActive, useApprove, useCancelBook, useSetFinal, useStartBook, useUnlock, useYearbookSchools, useYearbookState } from './api';

const t = tr.yearbook;
const STATUS_COLOR: Record<YearbookJobDetail['status'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red', cancelled: 'gray' };

export function YearbookScreen() {
  const info = useSession((s) => s.info)!;
  const isPanel = info.level === 'panel';
  const schools = useYearbookSchools(isPanel);
  const [chosen, setChosen] = useState<string | null>(null);
  const schoolId = isPanel ? (chosen ? Number(chosen) : null) : (info.school?.id ?? null);
  const state = useYearbookState(schoolId);

  let content;
  if (schoolId === null) content = <Text c="dimmed">{t.chooseSchool}</Text>;
  else if (state.isError) content = <LoadFailed />;
  else if (!state.data) content = <Loading />;
  else content = <SchoolBook state={state.data} isPanel={isPanel} />;

  return (
    <Stack>
      <PageHeader title={t.title} />
      {isPanel ? (
        <SelectField label={tr.design.school} data={recordOptions(schools.data?.schools ?? [])} value={chosen} onChange={setChosen} maw={420} searchable />
      ) : null}
      {content}
    </Stack>
  );
}

function SchoolBook({ state, isPanel }: { state: YearbookState; isPanel: boolean }) {
  const start = useStartBook();
  const setFinal = useSetFinal();
  const active = state.jobs.some(isActive);
  return (
    <Stack>
      <Alert color={state.final ? 'green' : 'yellow'} data-testid="yearbook-final">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{state.final ? t.finalNote : t.draftNote}</Text>
          {isPanel ? (
            <Button
              size="xs"
              variant="light"
              loading={setFinal.isPending}
              onClick={() => void attempt(() => setFinal.mutateAsync({ schoolId: state.schoolId, final: !state.final }))}
            >
              {state.final ? t.unmarkFinal : t.markFinal}
            </Button>
          ) : null}
        </Group>
      </Alert>
      <Group>
        <Button disabled={active} loading={start.isPending} onClick={() => void attempt(() => start.mutateAsync({ schoolId: state.schoolId }))}>
          {t.generateSchool}
        </Button>
      </Group>
      <Title order={3}>{t.branches}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {state.branches.map((branch) => (
          <BranchCard key={branch.id} branch={branch} jobs={state.jobs} active={active} isPanel={isPanel} />
        ))}
      </SimpleGrid>
      <Title order={3}>{t.jobs}</Title>
      {state.jobs.length ? (
        <Stack gap="sm">
          {state.jobs.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{t.noJobs}</Text>
      )}
    </Stack>
  );
}

function BranchCard({
  branch,
  jobs,
  active,
  isPanel,
}: {
  branch: YearbookState['branches'][number];
  jobs: YearbookJobDetail[];
  active: boolean;
  isPanel: boolean;
}) {
  const start = useStartBook();
  const approve = useApprove();
  const unlock = useUnlock();
  // The proof to approve: this branch's latest finished one.
  const proof = jobs.find((job) => job.branchId === branch.id && job.status === 'done');
  return (
    <Card withBorder padding="sm" role="group" aria-label={`${t.branch} ${branch.name}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{branch.name}</Text>
        {/* The approver's name and the time may be longer than a phone's card: the badge wraps. */}
        <Badge color={branch.approval ? 'green' : 'gray'} variant="light" h="auto" maw="100%" py={2} styles={{ label: { whiteSpace: 'normal' } }}>
          {branch.approval ? t.approved(branch.approval.approvedByName, displayDateTime(branch.approval.approvedAt)) : proof ? t.notApprovedYet : t.noProofYet}
        </Badge>
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={active}
          loading={start.isPending}
          onClick={() => void attempt(() => start.mutateAsync({ branchId: branch.id }))}
        >
          {t.generateBranch}
        </Button>
        {!branch.approval && proof ? (
          <Button
            size="xs"
            color="green"
            loading={approve.isPending}
            onClick={() => void approveAfterConfirm(branch.name, () => approve.mutateAsync({ branchId: branch.id, jobId: proof.id }))}
          >
            {t.approve}
          </Button>
        ) : null}
        {branch.approval && isPanel ? (
          <Button size="xs" variant="default" loading={unlock.isPending} onClick={() => void attempt(() => unlock.mutateAsync(branch.id), t.unlocked)}>
            {t.unlock}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

/** The job's report: each text printed with □ for characters no font of the book has. */
function Substitutions({ list }: { list: Substitution[] }) {
  if (!list.length) return null;
  return (
    <Stack gap={2} mt="xs">
      <Text size="xs" fw={600} c="orange.9">
        {t.substituted}
      </Text>
      {list.map(({ item, characters }, i) => (
        <Text key={i} size="xs">{`${item}: ${characters.join(' ')}`}</Text>
      ))}
    </Stack>
  );
}

/** Approving locks the whole branch: it is said in full, and asked, first. */
async function approveAfterConfirm(branchName: string, approve: () => Promise<unknown>) {
  if (await confirmAction({ title: t.approve, message: t.approveConfirm(branchName), confirmLabel: t.approve, danger: false })) {
    await attempt(approve, t.approvedToast);
  }
}

function JobCard({ job }: { job: YearbookJobDetail }) {
  const cancel = useCancelBook();
  const pages = useRef<HTMLDivElement>(null);
  useLightbox(pages, job.proofs.length);
  const name = job.branchName ?? t.wholeSchool;
  const group = `yearbook-${job.id}`;
  return (
    <Card withBorder padding="sm" role="group" aria-label={`${name} #${job.id}`}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {name} · {displayDateTime(job.createdAt)}
        </Text>
        <Badge color={STATUS_COLOR[job.status]}>{t.statuses[job.status]}</Badge>
      </Group>
      {job.status !== 'cancelled' && job.status !== 'failed' ? (
        <Stack gap={4} mt="xs">
          <Progress value={job.total ? (job.done / job.total) * 100 : 0} animated={isActive(job)} aria-label={t.progress(job.done, job.total)} />
          <Text size="xs" c="dimmed" data-testid="yearbook-progress">
            {t.progress(job.done, job.total)}
          </Text>
        </Stack>
      ) : null}
      {job.error ? (
        <Text size="xs" c="red">
          {job.error}
        </Text>
      ) : null}
      <Substitutions list={job.substitutions} />
      <Group gap="xs" mt="xs" ref={pages}>
        {isActive(job) ? (
          <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => void attempt(() => cancel.mutateAsync(job.id))}>
            {t.cancel}
          </Button>
        ) : null}
        {job.status === 'done' ? (
          <>
            <Button size="xs" variant="light" onClick={() => void downloadBook(job.id)}>
              {t.download}
            </Button>
            {job.cover ? (
              <>
                <Button size="xs" variant="light" onClick={() => void downloadBook(job.id, 'cover')}>
                  {t.downloadCover}
                </Button>
                <Button
                  component="a"
                  href={job.cover.proof}
                  size="xs"
                  variant="default"
                  {...lightboxAttributes(`${group}-cover`, { src: job.cover.proof, type: 'image', caption: `${name} · ${t.coverProof}` })}
                >
                  {t.showCover}
                </Button>
              </>
            ) : null}
            {job.proofs.map((src, i) =>
              i === 0 ? (
                <Button
                  key={src}
                  component="a"
                  href={src}
                  size="xs"
                  {...lightboxAttributes(group, { src, type: 'image', caption: `${name} · ${t.proofPage(1)}` })}
                >
                  {t.pages}
                </Button>
              ) : (
                <a key={src} href={src} hidden {...lightboxAttributes(group, { src, type: 'image', caption: `${name} · ${t.proofPage(i + 1)}` })} />
              ),
            )}
          </>
        ) : null}
      </Group>
    </Card>
  );
}
