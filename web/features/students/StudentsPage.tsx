/** The Students screen (students/{branchId}): the branch's list with portraits, filters, actions. */
import { ActionIcon, Avatar, Badge, Button, Card, Group, Image, SegmentedControl, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconEdit, IconHistory, IconPhoto, IconPhotoUp, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { StudentItem } from '../../../common/schemas/students';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { confirmAction } from '../../components/confirm';
import { ListPager } from '../../components/list/ListPager';
import { AuditDialog } from '../audit/AuditDialog';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { useSession } from '../../session/store';
import { useDeleteStudent, useSiblings, useStudents } from './api';
import { BulkPhotosDialog } from './BulkPhotosDialog';
import { ImportWizard } from './ImportWizard';
import { MoveDialog } from './MoveDialog';
import { PhotosDialog } from './PhotosDialog';
import { StudentForm } from './StudentForm';
import { branchSlug, captionOf } from './slides';

const t = tr.students;
const fullName = (s: StudentItem) => `${s.firstName} ${s.lastName}`;

export function StudentsPage() {
  const branchId = Number(useParams().id);
  const level = useSession((s) => s.info?.level ?? s.level);
  const list = useListState({ sort: 'schoolNumber', filters: ['photo', 'consent'] });
  const students = useStudents(branchId, list.query);
  const siblings = useSiblings(branchId);
  const remove = useDeleteStudent(branchId);
  const [view, setView] = useState<'list' | 'gallery'>('list');
  const [editing, setEditing] = useState<StudentItem | 'new' | null>(null);
  const [moving, setMoving] = useState<StudentItem | null>(null);
  const [photosOf, setPhotosOf] = useState<StudentItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [history, setHistory] = useState<StudentItem | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useLightbox(container, students.data);

  const group = branchSlug(branchId);
  const rows = students.data?.items;
  const title = siblings.data ? t.titleOf(siblings.data.branchName) : t.title;

  const portraitLink = (s: StudentItem, size: number) =>
    s.photoUrl && s.thumbUrl ? (
      <a
        href={s.photoUrl}
        {...lightboxAttributes(group, {
          src: s.photoUrl,
          type: 'image',
          caption: captionOf(s),
          thumbSrc: s.thumbUrl,
          downloadSrc: s.downloadUrl ?? s.photoUrl,
          downloadFilename: `${s.schoolNumber}.jpg`,
        })}
        aria-label={t.photos.openPhoto(fullName(s))}
      >
        {size > 60 ? <Image src={s.thumbUrl} alt="" h={size} fit="cover" radius="sm" /> : <Avatar src={s.thumbUrl} alt="" size={size} radius="sm" />}
      </a>
    ) : (
      <Avatar size={size} radius="sm" aria-label={t.noPhoto} title={t.noPhoto}>
        <IconPhoto size={size / 2} />
      </Avatar>
    );

  const askDelete = async (s: StudentItem) => {
    if (!(await confirmAction({ message: t.deleteConfirm(fullName(s)) }))) return;
    await attempt(() => remove.mutateAsync(s.id), tr.deleted);
  };

  const columns: Column<StudentItem>[] = [
    { key: 'photo', header: t.fields.photo, render: (s) => portraitLink(s, 44), width: 64 },
    { key: 'schoolNumber', header: t.fields.schoolNumber, sortKey: 'schoolNumber', render: (s) => s.schoolNumber, width: 100 },
    {
      key: 'name',
      header: t.fields.fullName,
      sortKey: 'name',
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {fullName(s)}
          </Text>
          {s.nickname ? <Text size="xs" c="dimmed">{`${t.fields.nickname}: ${s.nickname}`}</Text> : null}
        </Stack>
      ),
    },
    { key: 'gender', header: t.fields.gender, render: (s) => (s.gender ? t.gender[s.gender] : '—') },
    {
      key: 'consent',
      header: t.filters.consent,
      render: (s) =>
        s.photoConsent ? (
          <Badge color="green" variant="light">
            {displayDate(s.photoConsentDate)}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t.no}
          </Badge>
        ),
    },
    { key: 'photos', header: t.fields.photos, render: (s) => s.photoCount, align: 'center' },
    {
      key: 'actions',
      header: t.actions,
      align: 'right',
      render: (s) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t.fields.photos}>
            <ActionIcon variant="subtle" aria-label={t.openPhotos(fullName(s))} onClick={() => setPhotosOf(s)}>
              <IconPhotoUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={tr.words.edit}>
            <ActionIcon variant="subtle" aria-label={t.editOf(fullName(s))} onClick={() => setEditing(s)}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          {/* History and moving between branches are for the studio and the school. */}
          {level !== 'branch' ? (
            <>
              <Tooltip label={tr.organisation.audit.title}>
                <ActionIcon variant="subtle" aria-label={`${tr.organisation.audit.title}: ${fullName(s)}`} onClick={() => setHistory(s)}>
                  <IconHistory size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t.move}>
                <ActionIcon variant="subtle" aria-label={t.moveOf(fullName(s))} onClick={() => setMoving(s)}>
                  <IconArrowsExchange size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
          <Tooltip label={tr.words.delete}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t.deleteOf(fullName(s))}
              onClick={() => void askDelete(s)}
              loading={remove.isPending && remove.variables === s.id}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const filterSelect = (name: 'photo' | 'consent', label: string, options: Array<{ value: string; label: string }>) => (
    <SelectField
      label={label}
      data={[{ value: '', label: t.allFilter }, ...options]}
      value={list.state.filters[name] ?? ''}
      onChange={(v) => list.update({ filters: { [name]: v ?? '' } })}
      allowDeselect={false}
      w={190}
    />
  );

  return (
    <Stack>
      <PageHeader
        title={title}
        actions={
          <>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t.newStudent}
            </Button>
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
              {tr.words.import}
            </Button>
            <Button variant="default" leftSection={<IconPhotoUp size={16} />} onClick={() => setBulk(true)}>
              {t.photos.bulk}
            </Button>
            <ExportMenu path={`branches/${branchId}/students`} query={list.query} />
          </>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} placeholder={t.searchPlaceholder} />
        {filterSelect('photo', t.filters.photo, [
          { value: 'present', label: t.filters.photoPresent },
          { value: 'missing', label: t.filters.photoMissing },
        ])}
        {filterSelect('consent', t.filters.consent, [
          { value: 'yes', label: t.filters.consentYes },
          { value: 'no', label: t.filters.consentNo },
        ])}
        {list.filtered ? (
          <Button variant="subtle" onClick={list.clear}>
            {tr.words.clearFilters}
          </Button>
        ) : null}
        <SegmentedControl
          ml="auto"
          aria-label={t.view.label}
          value={view}
          onChange={(v) => setView(v as 'list' | 'gallery')}
          data={[
            { value: 'list', label: t.view.list },
            { value: 'gallery', label: t.view.gallery },
          ]}
        />
      </Group>
      <div ref={container}>
        {view === 'list' || !rows?.length ? (
          <DataTable
            columns={columns}
            rows={rows}
            total={students.data?.total ?? 0}
            state={list.state}
            onChange={list.update}
            rowKey={(s) => s.id}
            loading={students.isFetching}
            error={students.isError}
            caption={title}
            emptyTitle={list.filtered ? tr.noRecords : t.emptyTitle}
            emptyDescription={list.filtered ? t.filteredEmpty : t.emptyDescription}
            minWidth={760}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm" aria-label={t.photos.gallery}>
              {rows.map((s) => (
                <Card key={s.id} padding="xs" withBorder>
                  {portraitLink(s, 140)}
                  <Text size="sm" mt={4} fw={500} lineClamp={1}>
                    {fullName(s)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.schoolNumber}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            <ListPager total={students.data?.total ?? 0} state={list.state} onChange={list.update} />
          </>
        )}
      </div>
      {editing ? <StudentForm branchId={branchId} student={editing === 'new' ? null : editing} opened onClose={() => setEditing(null)} /> : null}
      <MoveDialog branchId={branchId} student={moving} onClose={() => setMoving(null)} />
      <PhotosDialog branchId={branchId} student={photosOf} onClose={() => setPhotosOf(null)} />
      <ImportWizard
        opened={importing}
        onClose={() => setImporting(false)}
        branchId={branchId}
        schoolId={siblings.data?.schoolId ?? null}
        canUseSchool={level !== 'branch'}
      />
      {history ? <AuditDialog entity="student" entityId={history.id} title={fullName(history)} onClose={() => setHistory(null)} /> : null}
      <BulkPhotosDialog opened={bulk} onClose={() => setBulk(false)} path={`branches/${branchId}/photos/bulk`} />
    </Stack>
  );
}
