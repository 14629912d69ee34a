/** The Students screen (students/{branchId}): the branch's list with portraits, filters, actions. */
import { Avatar, Button, Card, Image, rem, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconEdit, IconHistory, IconKey, IconPhoto, IconPhotoUp, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { type CSSProperties, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { StudentItem } from '../../../common/schemas/students';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { deleteAfterConfirm } from '../../components/confirm';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { ListPager } from '../../components/list/ListPager';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useListState } from '../../components/list/useListState';
import { RowActionGroup } from '../../components/list/RowActionGroup';
import { RowIconButton } from '../../components/list/RowIconButton';
import { PageHeader } from '../../components/PageHeader';
import { StudentChoices, StudentCodeButton, useStudentCodeAction } from '../login-cards/StudentCodeButton';
import { optionsOf } from '../../components/SelectField';
import { useSession } from '../../session/store';
import { useAuditHistory } from '../audit/AuditDialog';
import { useDeleteStudent, useSiblings, useStudent, useStudents } from './api';
import { BulkPhotosDialog } from './BulkPhotosDialog';
import { ImportWizard } from './ImportWizard';
import { MoveDialog } from './MoveDialog';
import { PhotosDialog } from './PhotosDialog';
import { StudentForm } from './StudentForm';
import { branchSlug, captionOf, studentOfHash } from './slides';
import { RowBadge } from '../../components/list/RowBadge';

const t = tr.students;
const fullName = (s: StudentItem) => `${s.firstName} ${s.lastName}`;

/** A row's name as `<Text size="sm" fw={500}>` draws it, written as the plain paragraph it becomes. */
const nameLook = { '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)', fontWeight: 500 } as CSSProperties;
const avatarLook = (size: number) => ({ '--avatar-size': rem(size), '--avatar-radius': 'var(--mantine-radius-sm)' }) as CSSProperties;

export function StudentsPage({ branchId }: { branchId: number }) {
  const level = useSession((s) => s.info?.level ?? s.level);
  const list = useListState({ sort: 'schoolNumber', filters: ['photo', 'consent'] });
  const students = useStudents(branchId, list.query);
  const siblings = useSiblings(branchId);
  const remove = useDeleteStudent(branchId);
  const newCode = useStudentCodeAction();
  const [view, setView] = useState<'list' | 'gallery'>('list');
  const [editing, setEditing] = useState<StudentItem | 'new' | null>(null);
  const [moving, setMoving] = useState<StudentItem | null>(null);
  const [photosOf, setPhotosOf] = useState<StudentItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [bulk, setBulk] = useState(false);
  const history = useAuditHistory('student');
  // A link into a student's photos (`#ogrenci236-2`, copied from the address bar) opens its dialog
  // again after a load; the dialog's lightbox then opens the slide the address names.
  const [linkedId] = useState(() => studentOfHash(window.location.hash));
  const linked = useStudent(linkedId);
  const linkedStudent = linked.data?.item ?? null;
  const [linkOpened, setLinkOpened] = useState(false);
  if (!linkOpened && linkedStudent?.branchId === branchId) {
    setLinkOpened(true);
    setPhotosOf(linkedStudent);
  }
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
      // The Avatar's placeholder as plain elements with its classes: drawn in every row without a photo.
      <div className={Avatar.classes.root} role="img" aria-label={t.noPhoto} title={t.noPhoto} style={avatarLook(size)}>
        <span className={Avatar.classes.placeholder}>
          <IconPhoto size={size / 2} />
        </span>
      </div>
    );

  const askDelete = (s: StudentItem) => deleteAfterConfirm(t.deleteConfirm(fullName(s)), () => remove.mutateAsync(s.id));

  const columns: Column<StudentItem>[] = [
    { key: 'photo', header: t.fields.photo, render: (s) => portraitLink(s, 44), width: 64 },
    { key: 'schoolNumber', header: t.fields.schoolNumber, sortKey: 'schoolNumber', render: (s) => s.schoolNumber, width: 100 },
    {
      key: 'name',
      header: t.fields.fullName,
      sortKey: 'name',
      render: (s) => (
        <div>
          <p className={Text.classes.root} data-size="sm" style={nameLook}>
            {fullName(s)}
          </p>
          {s.nickname ? <Text size="xs" c="dimmed">{`${t.fields.nickname}: ${s.nickname}`}</Text> : null}
          <StudentChoices studentId={s.id} branchId={branchId} pickThumbUrl={s.portraitPickThumbUrl} quoteDraft={s.quoteDraft} />
        </div>
      ),
    },
    { key: 'gender', header: t.fields.gender, render: (s) => (s.gender ? t.gender[s.gender] : '—') },
    {
      key: 'consent',
      header: t.filters.consent,
      render: (s) => (s.photoConsent ? <RowBadge color="green">{displayDate(s.photoConsentDate)}</RowBadge> : <RowBadge color="gray">{t.no}</RowBadge>),
    },
    { key: 'photos', header: t.fields.photos, render: (s) => s.photoCount, align: 'center' },
    {
      key: 'actions',
      header: t.actions,
      align: 'right',
      // Plain titles, no Tooltips: five tooltips on each of a hundred rows made the list slow to draw.
      render: (s) => (
        <RowActionGroup justify="flex-end">
          <RowIconButton icon={IconPhotoUp} title={t.fields.photos} label={t.openPhotos(fullName(s))} onClick={() => setPhotosOf(s)} />
          <StudentCodeButton name={fullName(s)} loading={newCode.pendingId === s.id} onClick={() => void newCode.run(s.id, fullName(s))} />
          <RowIconButton icon={IconEdit} title={tr.words.edit} label={t.editOf(fullName(s))} onClick={() => setEditing(s)} />
          {/* History and moving between branches are for the studio and the school. */}
          {level !== 'branch' ? (
            <>
              <RowIconButton
                icon={IconHistory}
                title={tr.organisation.audit.title}
                label={`${tr.organisation.audit.title}: ${fullName(s)}`}
                onClick={() => history.open(s.id, fullName(s))}
              />
              <RowIconButton icon={IconArrowsExchange} title={t.move} label={t.moveOf(fullName(s))} onClick={() => setMoving(s)} />
            </>
          ) : null}
          <RowIconButton
            icon={IconTrash}
            title={tr.words.delete}
            color="red"
            label={t.deleteOf(fullName(s))}
            loading={remove.isPending && remove.variables === s.id}
            onClick={() => void askDelete(s)}
          />
        </RowActionGroup>
      ),
    },
  ];

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
            <Button variant="default" component={Link} to={`/login-cards/${branchId}`} leftSection={<IconKey size={16} />}>
              {tr.student.cards.action}
            </Button>
          </>
        }
      />
      <ListToolbar
        list={list}
        searchPlaceholder={t.searchPlaceholder}
        filters={[
          {
            name: 'photo',
            label: t.filters.photo,
            placeholder: t.filters.photoAll,
            options: optionsOf({ present: t.filters.photoPresent, missing: t.filters.photoMissing }),
          },
          {
            name: 'consent',
            label: t.filters.consent,
            placeholder: t.filters.consentAll,
            options: optionsOf({ yes: t.filters.consentYes, no: t.filters.consentNo }),
          },
        ]}
      >
        <SegmentedControl
          ml="auto"
          aria-label={t.view.label}
          value={view}
          onChange={(v) => setView(v as 'list' | 'gallery')}
          data={optionsOf(t.view, ['list', 'gallery'])}
        />
      </ListToolbar>
      <div ref={container}>
        {view === 'list' || !rows?.length ? (
          <DataTable
            columns={columns}
            list={list}
            result={students}
            rowKey={(s) => s.id}
            caption={title}
            empty={{ title: t.emptyTitle, description: t.emptyDescription }}
            filteredEmpty={{ description: t.filteredEmpty }}
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
            <ListPager list={list} total={students.data?.total ?? 0} />
          </>
        )}
      </div>
      {editing ? <StudentForm branchId={branchId} student={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <MoveDialog branchId={branchId} student={moving} onClose={() => setMoving(null)} />
      <PhotosDialog branchId={branchId} student={photosOf} onClose={() => setPhotosOf(null)} />
      <ImportWizard
        opened={importing}
        onClose={() => setImporting(false)}
        branchId={branchId}
        schoolId={siblings.data?.schoolId ?? null}
        canUseSchool={level !== 'branch'}
      />
      {history.dialog}
      <BulkPhotosDialog opened={bulk} onClose={() => setBulk(false)} path={`branches/${branchId}/photos/bulk`} />
    </Stack>
  );
}
