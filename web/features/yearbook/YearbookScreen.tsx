/**
 * Yıllık Baskısı: make a branch's proof or the whole school's book in the background, follow its
 * progress in pages, cancel it, download the interior's PDF and the cover's, page through its
 * proofs and see the cover's wraparound in the lightbox, and
 * approve a branch's proof (the school; works on a phone). The studio unlocks an approved branch
 * and marks the book final (no watermark from then on).
 */
import { Alert, Badge, Button, Card, Group, Modal, Progress, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { Substitution, YearbookJobDetail, YearbookState } from '../../../common/schemas/yearbook';
import { displayDateTime } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, Loading } from '../../components/QueryState';
import { PageViewSwitch, type PageView } from '../../components/PageViewSwitch';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { recordOptions, SelectField } from '../../components/SelectField';
import { useSession } from '../../session/store';
import { PreflightList } from './PreflightList';
import {
  downloadBook,
  isActive,
  useApprove,
  useCancelBook,
  useDigitalEdition,
  useRebuildDigital,
  useSetFinal,
  useStartBook,
  useUnlock,
  useYearbookSchools,
  useYearbookState,
} from './api';

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
  const [overriding, setOverriding] = useState(false);
  const active = state.jobs.some(isActive);
  // Errors in the book the mark is checked against: marking needs the studio's reason (the server refuses it without one).
  const blocking = state.final ? 0 : (state.finalCheck?.errors ?? 0);
  const toggleFinal = () => {
    if (blocking) setOverriding(true);
    else void attempt(() => setFinal.mutateAsync({ schoolId: state.schoolId, final: !state.final }), state.final ? undefined : t.preflight.markedFinal);
  };
  return (
    <Stack>
      <Alert color={state.final ? 'green' : 'yellow'} data-testid="yearbook-final">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{state.final ? t.finalNote : t.draftNote}</Text>
          {isPanel ? (
            <Button size="xs" variant="light" loading={setFinal.isPending} onClick={toggleFinal}>
              {state.final ? t.unmarkFinal : t.markFinal}
            </Button>
          ) : null}
        </Group>
      </Alert>
      {state.final ? <DigitalEdition schoolId={state.schoolId} /> : null}
      {isPanel ? (
        <OverrideDialog
          opened={overriding}
          errors={blocking}
          busy={setFinal.isPending}
          onClose={() => setOverriding(false)}
          onSubmit={async (overrideReason) => {
            if (await attempt(() => setFinal.mutateAsync({ schoolId: state.schoolId, final: true, overrideReason }), t.preflight.markedFinal))
              setOverriding(false);
          }}
        />
      ) : null}
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

/** The final book's digital edition for students' phones: its state, and making it again (a consent recorded on paper since). */
function DigitalEdition({ schoolId }: { schoolId: number }) {
  const edition = useDigitalEdition(schoolId);
  const rebuild = useRebuildDigital();
  const job = edition.data?.job ?? null;
  const d = tr.digitalYearbook;
  return (
    <Group gap="xs" data-testid="digital-edition">
      <Text size="sm">{d.title}</Text>
      {job ? <Badge color={STATUS_COLOR[job.status]}>{t.statuses[job.status]}</Badge> : null}
      <Button
        size="xs"
        variant="default"
        disabled={job ? isActive(job) : false}
        loading={rebuild.isPending}
        onClick={() => void attempt(() => rebuild.mutateAsync(schoolId), d.rebuildQueued)}
      >
        {d.rebuild}
      </Button>
    </Group>
  );
}

/** The studio marks a book with preflight errors final only with a written reason (kept in the audit log). */
function OverrideDialog({
  opened,
  errors,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  errors: number;
  busy: boolean;
  onClose(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const text = reason.trim();
    if (text.length < 10) return setProblem(t.preflight.reasonShort);
    if (text.length > 1000) return setProblem(t.preflight.reasonLong);
    setProblem(null);
    void onSubmit(text);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t.preflight.overrideTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">{t.preflight.overrideNote(errors)}</Text>
          <Textarea
            label={t.preflight.reason}
            required
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            error={problem}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </Stack>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose}>
            {tr.words.cancel}
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {t.preflight.overrideConfirm}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The lightbox's slides of a finished book: its pages one by one, or as the open book shows them (the cover first when it has its own proof). */
function proofSlides(job: YearbookJobDetail, name: string, spreads: boolean) {
  if (!spreads) return job.proofs.map((src, i) => ({ src, caption: `${name} · ${t.proofPage(i + 1)}` }));
  const pages = job.proofs.length;
  const slides = job.spreads.map((src, i) => {
    const left = i > 0 ? 2 * i : null;
    const right = 2 * i + 1 <= pages ? 2 * i + 1 : null;
    return { src, caption: `${name} · ${t.spreadPages(left, right)}` };
  });
  return job.cover ? [{ src: job.cover.proof, caption: `${name} · ${t.coverProof}` }, ...slides] : slides;
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
  const [view, setView] = useState<PageView>('pages');
  const name = job.branchName ?? t.wholeSchool;
  const slides = job.status === 'done' ? proofSlides(job, name, view === 'spreads') : [];
  useLightbox(pages, `${view}:${slides.length}`);
  const group = `yearbook-${job.id}${view === 'spreads' ? '-spreads' : ''}`;
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
      {job.status === 'done' ? <PreflightList preflight={job.preflight} /> : null}
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
            <PageViewSwitch size="xs" label={t.proofView} value={view} onChange={setView} />
            {slides.map(({ src, caption }, i) =>
              i === 0 ? (
                <Button key={src} component="a" href={src} size="xs" {...lightboxAttributes(group, { src, type: 'image', caption })}>
                  {t.pages}
                </Button>
              ) : (
                <a key={src} href={src} hidden {...lightboxAttributes(group, { src, type: 'image', caption })} />
              ),
            )}
          </>
        ) : null}
      </Group>
    </Card>
  );
}
