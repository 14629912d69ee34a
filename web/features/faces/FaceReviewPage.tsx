/**
 * Face review of an album (albums/{id}/faces): the faces found in its approved photos, grouped by
 * the student each is suggested as (the most alike group first, each group's faces from the most
 * alike down), with their similarity and a confidence word; several are confirmed or rejected at
 * once. Faces without a suggestion form the "unmatched" group, where a student is assigned by
 * typing a name, or the face is put aside.
 */
import { Alert, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconEyeOff, IconScan, IconX } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { FaceItem } from '../../../common/schemas/faces';
import { tr } from '../../../common/tr';
import { PageHeader } from '../../components/PageHeader';
import { Loaded } from '../../components/QueryState';
import { useSelection } from '../../components/list/selection';
import { toast } from '../../toast';
import { useStudentOptions } from '../moderation/api';
import { useAlbumFaces, useBulkFaces, useDecideFace, useFaceCrop, useScanAlbum } from './api';

const t = tr.faces;

interface SuggestedGroup {
  studentId: number;
  name: string;
  faces: FaceItem[];
}

/** Open faces with a suggestion, by student, the groups and their faces from the most alike down. */
function groupsOf(items: FaceItem[]): SuggestedGroup[] {
  const byStudent = new Map<number, SuggestedGroup>();
  for (const face of items) {
    if (face.state !== 'open' || !face.suggestion) continue;
    const group = byStudent.get(face.suggestion.studentId) ?? { studentId: face.suggestion.studentId, name: face.suggestion.name, faces: [] };
    group.faces.push(face);
    byStudent.set(group.studentId, group);
  }
  const score = (f: FaceItem) => f.suggestion?.score ?? 0;
  const groups = [...byStudent.values()];
  for (const group of groups) group.faces.sort((a, b) => score(b) - score(a));
  return groups.sort((a, b) => score(b.faces[0]!) - score(a.faces[0]!));
}

const percent = (score: number) => Math.round(score * 100);
/** Confidence in words, from the similarity: suggestions start at 0.7 (docs/faces.md). */
function confidence(score: number): { label: string; color: string } {
  if (score >= 0.85) return { label: t.confidence.high, color: 'teal' };
  if (score >= 0.77) return { label: t.confidence.medium, color: 'yellow' };
  return { label: t.confidence.low, color: 'orange' };
}

function FaceCrop({ faceId, label }: { faceId: number; label: string }) {
  const crop = useFaceCrop(faceId);
  return (
    <div style={{ width: 96, height: 96, borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-gray-2)', flexShrink: 0 }}>
      {crop.data ? <img src={crop.data} alt={label} width={96} height={96} style={{ display: 'block', objectFit: 'cover' }} /> : null}
    </div>
  );
}

function SuggestedFace({ face, name, checked, onToggle }: { face: FaceItem; name: string; checked: boolean; onToggle: () => void }) {
  const score = face.suggestion!.score;
  const level = confidence(score);
  return (
    <Paper withBorder p="xs" radius="md">
      <Stack gap={6} align="center">
        <FaceCrop faceId={face.faceId} label={t.faceOf(name)} />
        <Text size="xs">{t.similarity(percent(score))}</Text>
        <Badge size="xs" color={level.color} variant="light">
          {level.label}
        </Badge>
        <Checkbox size="sm" checked={checked} onChange={onToggle} aria-label={t.selectFace(name)} />
      </Stack>
    </Paper>
  );
}

/** How many students the picker shows for what was typed: the server searches the whole school. */
const PICKER_LIMIT = 20;
type StudentPlace = { branchId: number } | { schoolId: number };

/**
 * The "assign by typing a name" picker: what is typed is searched on the server (Turkish-folded,
 * name or school number), so a school of any size is found, not only its first students.
 */
function StudentPicker({ place, disabled, onPick }: { place: StudentPlace; disabled: boolean; onPick: (id: number, name: string) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const options = useStudentOptions({ ...place, q, limit: PICKER_LIMIT }, true);
  const students = (options.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <Select
      label={t.assignLabel}
      placeholder={t.assignPlaceholder}
      data={students}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched what was typed (İ/ı, Ş/s alike); the list is shown as it came.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? tr.loading : t.assignNone}
      value={null}
      onChange={(value) => {
        const picked = students.find((s) => s.value === value);
        if (picked) onPick(Number(picked.value), picked.label);
      }}
      disabled={disabled}
      size="xs"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function UnmatchedFace({ face, albumId, place }: { face: FaceItem; albumId: number; place: StudentPlace }) {
  const decide = useDecideFace(albumId);
  const assign = async (studentId: number, name: string) => {
    if (await decide.mutateAsync({ faceId: face.faceId, studentId })) toast('success', t.assigned(name));
  };
  const ignore = async () => {
    if (await decide.mutateAsync({ faceId: face.faceId, studentId: null, ignored: true })) toast('success', t.ignored);
  };
  return (
    <Paper withBorder p="xs" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <FaceCrop faceId={face.faceId} label={t.unknownFace} />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <StudentPicker place={place} disabled={decide.isPending} onPick={(id, name) => void assign(id, name)} />
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconEyeOff size={14} />} onClick={() => void ignore()} loading={decide.isPending}>
            {t.ignore}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

function Review({ albumId, data }: { albumId: number; data: NonNullable<ReturnType<typeof useAlbumFaces>['data']> }) {
  const selection = useSelection(String(albumId));
  const selected = selection.ids;
  const bulk = useBulkFaces(albumId);
  const groups = useMemo(() => groupsOf(data.items), [data.items]);
  const unmatched = data.items.filter((f) => f.state === 'open' && !f.suggestion);
  const decided = data.items.filter((f) => f.state !== 'open');
  const place: StudentPlace = data.album.branchId ? { branchId: data.album.branchId } : { schoolId: data.album.schoolId };
  // Only faces still shown count: a face decided meanwhile drops out of the selection.
  const open = new Set(groups.flatMap((g) => g.faces.map((f) => f.faceId)));
  const chosen = [...selected].filter((id) => open.has(id));

  const toggle = (ids: number[], on: boolean) => selection.setPage(ids, on);
  const run = async (action: 'confirm' | 'reject') => {
    const result = await bulk.mutateAsync({ faceIds: chosen, action });
    if (!result) return;
    toast('success', action === 'confirm' ? t.confirmed(result.count) : t.rejected(result.count));
    selection.clear();
  };

  return (
    <Stack>
      {data.scan.pending > 0 && <Alert color="blue">{t.scanPending(data.scan.pending)}</Alert>}
      {data.scan.failed > 0 && <Alert color="orange">{t.scanFailed(data.scan.failed)}</Alert>}
      {data.items.length === 0 && <Text c="dimmed">{t.empty}</Text>}
      {groups.length > 0 && (
        <Group gap="xs" style={{ position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-body)', paddingBlock: 6 }}>
          <Button leftSection={<IconCheck size={16} />} disabled={chosen.length === 0} loading={bulk.isPending} onClick={() => void run('confirm')}>
            {t.confirmSelected(chosen.length)}
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            disabled={chosen.length === 0}
            loading={bulk.isPending}
            onClick={() => void run('reject')}
          >
            {t.rejectSelected(chosen.length)}
          </Button>
        </Group>
      )}
      {groups.map((group) => {
        const ids = group.faces.map((f) => f.faceId);
        const all = ids.every((id) => selected.has(id));
        return (
          <section key={group.studentId} aria-label={group.name}>
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Title order={3} size="h5" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {group.name} <Badge variant="light">{group.faces.length}</Badge>
              </Title>
              <Checkbox label={t.selectAll(group.name)} checked={all} onChange={() => toggle(ids, !all)} styles={{ label: { overflowWrap: 'anywhere' } }} />
            </Group>
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="xs">
              {group.faces.map((face) => (
                <SuggestedFace
                  key={face.faceId}
                  face={face}
                  name={group.name}
                  checked={selected.has(face.faceId)}
                  onToggle={() => toggle([face.faceId], !selected.has(face.faceId))}
                />
              ))}
            </SimpleGrid>
          </section>
        );
      })}
      {unmatched.length > 0 && (
        <section aria-label={t.unmatched}>
          <Title order={3} size="h5" mb={6}>
            {t.unmatched} <Badge variant="light">{unmatched.length}</Badge>
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
            {unmatched.map((face) => (
              <UnmatchedFace key={face.faceId} face={face} albumId={albumId} place={place} />
            ))}
          </SimpleGrid>
        </section>
      )}
      {decided.length > 0 && (
        <Text size="sm" c="dimmed">
          {`${t.decided}: ${decided.length}`}
        </Text>
      )}
    </Stack>
  );
}

export function FaceReviewPage({ albumId }: { albumId: number }) {
  const faces = useAlbumFaces(albumId);
  const scan = useScanAlbum(albumId);
  const startScan = async () => {
    const result = await scan.mutateAsync(undefined);
    if (result) toast('success', t.scanQueued(result.count));
  };
  return (
    <Stack>
      <PageHeader
        title={faces.data ? t.pageTitle(faces.data.album.name) : t.title}
        subtitle={t.intro}
        actions={
          <Button variant="default" leftSection={<IconScan size={16} />} loading={scan.isPending} onClick={() => void startScan()}>
            {t.scan}
          </Button>
        }
      />
      <Loaded query={faces}>{(data) => <Review albumId={albumId} data={data} />}</Loaded>
    </Stack>
  );
}
