/**
 * The branch's students as a table or a portrait gallery, with each row's actions. It asks for
 * the rows itself, so their arrival draws the list alone and not the screen's header, toolbar and
 * dialogs around it; its columns stay the same objects between drawings, so a row is drawn again
 * only when it changes.
 */
import { Avatar, Badge, Card, Group, Image, rem, SimpleGrid, Text } from '@mantine/core';
import { IconArrowsExchange, IconEdit, IconHistory, IconPhoto, IconPhotoUp, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { createContext, type CSSProperties, useCallback, useContext, useMemo, useRef } from 'react';
import type { Level } from '../../../common/levels';
import type { StudentItem } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { deleteAfterConfirm } from '../../components/confirm';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ListPager } from '../../components/list/ListPager';
import { RowActionGroup } from '../../components/list/RowActionGroup';
import { RowIconButton } from '../../components/list/RowIconButton';
import { PageCheckbox, RowCheckbox, type Selection } from '../../components/list/selection';
import type { ListControl } from '../../components/list/useListState';
import { StudentChoices, StudentCodeButton, useStudentCodeAction } from '../login-cards/StudentCodeButton';
import { UnprintableNote } from '../moderation/ModerationList';
import { useDeleteStudent, useStudents } from './api';
import { ConsentBadges } from '../consents/ConsentBadges';
import { useSession } from '../../session/store';
import { branchSlug, captionOf } from './slides';

const t = tr.students;
const fullName = (s: StudentItem) => `${s.firstName} ${s.lastName}`;

/** A row's name as `<Text size="sm" fw={500}>` draws it, written as the plain paragraph it becomes. */
const nameLook = { '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)', fontWeight: 500 } as CSSProperties;
const avatarLook = (size: number) => ({ '--avatar-size': rem(size), '--avatar-radius': 'var(--mantine-radius-sm)' }) as CSSProperties;

/** The student's portrait, opening the lightbox; the Avatar's placeholder when there is none. */
function portraitLink(s: StudentItem, size: number, group: string) {
  return s.photoUrl && s.thumbUrl ? (
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
}

/**
 * The ticks reach each row's box through a context: a tick draws the boxes again, not the rows
 * (whose columns stay the same objects).
 */
const Ticks = createContext<Selection | null>(null);
function Tick({ student }: { student: StudentItem }) {
  const selection = useContext(Ticks);
  return selection ? <RowCheckbox selection={selection} id={student.id} label={`${student.schoolNumber} ${fullName(student)}`} /> : null;
}

/** What a row's buttons open; each the same function from one drawing to the next. */
export interface StudentRowActions {
  photos(s: StudentItem): void;
  edit(s: StudentItem): void;
  move(s: StudentItem): void;
  history(id: number, title: string): void;
  consent(s: StudentItem): void;
}

export function StudentsList({
  branchId,
  list,
  view,
  level,
  caption,
  actions,
  selection,
  hidden,
}: {
  branchId: number;
  list: ListControl;
  view: 'list' | 'gallery';
  level: Level | undefined;
  caption: string;
  actions: StudentRowActions;
  selection: Selection;
  /** Rows deleted a moment ago, still inside their "Geri al" window. */
  hidden: ReadonlySet<number>;
}) {
  const fetched = useStudents(branchId, list.query);
  const students = useMemo(() => {
    const data = fetched.data;
    if (!data || !hidden.size) return fetched;
    const items = data.items.filter((s) => !hidden.has(s.id));
    return { ...fetched, data: { ...data, items, total: data.total - (data.items.length - items.length) } };
  }, [fetched, hidden]);
  const remove = useDeleteStudent(branchId);
  const newCode = useStudentCodeAction();
  const container = useRef<HTMLDivElement>(null);
  useLightbox(container, students.data);

  const group = branchSlug(branchId);
  const rows = students.data?.items;
  const deletingId = remove.isPending ? remove.variables : null;
  const { mutateAsync: removeStudent } = remove;
  const askDelete = useCallback((s: StudentItem) => deleteAfterConfirm(t.deleteConfirm(fullName(s)), () => removeStudent(s.id)), [removeStudent]);
  const { run: runNewCode, pendingId: codePendingId } = newCode;

  const goal = useSession((state) => state.info?.studio.coverageGoal ?? 0);
  const columns = useMemo<Column<StudentItem>[]>(
    () => [
      { key: 'select', header: '', width: 40, render: (s) => <Tick student={s} /> },
      { key: 'photo', header: t.fields.photo, render: (s) => portraitLink(s, 44, group), width: 64 },
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
            <UnprintableNote characters={s.unprintable} />
          </div>
        ),
      },
      { key: 'gender', header: t.fields.gender, render: (s) => (s.gender ? t.gender[s.gender] : '—') },
      {
        key: 'consent',
        header: tr.consent.column,
        render: (s) => <ConsentBadges states={s.consents} />,
      },
      { key: 'photos', header: t.fields.photos, render: (s) => s.photoCount, align: 'center' },
      {
        key: 'eventPhotos',
        header: tr.coverage.photos,
        align: 'center',
        // Below the studio's coverage goal the count is a badge that says so.
        render: (s) =>
          s.eventPhotos < goal ? (
            <Badge color="red" variant="light" data-below-goal>
              {tr.coverage.belowBadge(s.eventPhotos, goal)}
            </Badge>
          ) : (
            s.eventPhotos
          ),
      },
      {
        key: 'actions',
        header: t.actions,
        align: 'right',
        // Plain titles, no Tooltips: five tooltips on each of a hundred rows made the list slow to draw.
        render: (s) => (
          <RowActionGroup justify="flex-end">
            <RowIconButton icon={IconPhotoUp} label={t.openPhotos(fullName(s))} onClick={() => actions.photos(s)} />
            <StudentCodeButton name={fullName(s)} loading={codePendingId === s.id} onClick={() => void runNewCode(s.id, fullName(s))} />
            <RowIconButton icon={IconEdit} label={t.editOf(fullName(s))} onClick={() => actions.edit(s)} />
            <RowIconButton icon={IconShieldCheck} label={`${tr.consent.column}: ${fullName(s)}`} onClick={() => actions.consent(s)} />
            {/* History and moving between branches are for the studio and the school. */}
            {level !== 'branch' ? (
              <>
                <RowIconButton icon={IconHistory} label={`${tr.organisation.audit.title}: ${fullName(s)}`} onClick={() => actions.history(s.id, fullName(s))} />
                <RowIconButton icon={IconArrowsExchange} label={t.moveOf(fullName(s))} onClick={() => actions.move(s)} />
              </>
            ) : null}
            <RowIconButton icon={IconTrash} color="red" label={t.deleteOf(fullName(s))} loading={deletingId === s.id} onClick={() => void askDelete(s)} />
          </RowActionGroup>
        ),
      },
    ],
    [actions, askDelete, branchId, codePendingId, deletingId, goal, group, level, runNewCode],
  );

  const pageIds = (rows ?? []).map((s) => s.id);
  return (
    <div ref={container}>
      {rows?.length ? (
        <Group gap="xs" mb="xs">
          <PageCheckbox selection={selection} pageIds={pageIds} />
          <Text size="sm" c="dimmed" aria-hidden>
            {tr.messages.selectPage}
          </Text>
        </Group>
      ) : null}
      {view === 'list' || !rows?.length ? (
        <Ticks.Provider value={selection}>
          <DataTable
            columns={columns}
            list={list}
            result={students}
            rowKey={studentKey}
            caption={caption}
            empty={{ title: t.emptyTitle, description: t.emptyDescription }}
            filteredEmpty={{ description: t.filteredEmpty }}
            minWidth={760}
          />
        </Ticks.Provider>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm" aria-label={t.photos.gallery}>
            {rows.map((s) => (
              <Card key={s.id} padding="xs" withBorder>
                {portraitLink(s, 140, group)}
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
  );
}

const studentKey = (s: StudentItem) => s.id;
