/** The Students screen (students/{branchId}): the branch's list with portraits, filters, actions. */
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconKey, IconPhotoUp, IconPrinter, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import { CONSENT_STATES } from '../../../common/schemas/consentStaff';
import type { StudentItem } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { NewButton } from '../../components/list/NewButton';
import { ExportMenu } from '../../components/list/ExportMenu';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useSelection } from '../../components/list/selection';
import { useListState } from '../../components/list/useListState';
import { PageHeader } from '../../components/PageHeader';
import { optionsOf } from '../../components/SelectField';
import { useSession } from '../../session/store';
import { useAuditHistory } from '../audit/AuditDialog';
import { useSiblings, useStudent } from './api';
import { ConsentDialog } from '../consents/ConsentDialog';
import { ConsentReminderButton } from '../consents/ConsentReminderButton';
import { BulkPhotosDialog } from './BulkPhotosDialog';
import { StudentsBulkBar } from './BulkBar';
import { useDeferredDelete } from './deferredDelete';
import { ImportWizard } from './ImportWizard';
import { MoveDialog } from './MoveDialog';
import { PhotosDialog } from './PhotosDialog';
import { StudentForm } from './StudentForm';
import { studentOfHash } from './slides';
import { StudentsList, type StudentRowActions } from './StudentsList';
import { ConsentFormsButton } from '../parent-portal/ConsentFormsButton';

const t = tr.students;

export function StudentsPage({ branchId }: { branchId: number }) {
  const level = useSession((s) => s.info?.level ?? s.level);
  const list = useListState({ sort: 'schoolNumber', filters: ['photo', 'coverage', 'consentPurpose', 'consentState'] });
  const siblings = useSiblings(branchId);
  const [view, setView] = useState<'list' | 'gallery'>('list');
  const [editing, setEditing] = useState<StudentItem | 'new' | null>(null);
  const [moving, setMoving] = useState<StudentItem | null>(null);
  const [photosOf, setPhotosOf] = useState<StudentItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [consentOf, setConsentOf] = useState<StudentItem | null>(null);
  const history = useAuditHistory('student');
  // Another search or filter is another list: its ticks start empty.
  const selection = useSelection(JSON.stringify([list.state.q, list.state.filters]));
  const deferredDelete = useDeferredDelete(branchId);
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
  const { open: openHistory } = history;
  const actions = useMemo<StudentRowActions>(
    () => ({ photos: setPhotosOf, edit: setEditing, move: setMoving, history: openHistory, consent: setConsentOf }),
    [openHistory],
  );
  const title = siblings.data ? t.titleOf(siblings.data.branchName) : t.title;

  return (
    <Stack>
      <PageHeader
        title={title}
        actions={
          <>
            <NewButton label={t.newStudent} onClick={() => setEditing('new')} />
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
            <ConsentFormsButton branchId={branchId} />
            <Button variant="default" component={Link} to={`/consent-list/${branchId}`} leftSection={<IconPrinter size={16} />}>
              {tr.consent.list.action}
            </Button>
            <ConsentReminderButton branchId={branchId} />
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
            name: 'coverage',
            label: tr.coverage.belowFilter,
            placeholder: tr.coverage.all,
            options: optionsOf({ below: tr.coverage.belowOnly }),
          },
          {
            name: 'consentPurpose',
            label: tr.consent.filterPurpose,
            placeholder: tr.consent.purposes['print-photo'],
            options: optionsOf(tr.consent.purposes, CONSENT_PURPOSES),
          },
          {
            name: 'consentState',
            label: tr.consent.filterState,
            placeholder: tr.consent.filterAll,
            options: optionsOf(tr.consent.states, CONSENT_STATES),
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
      <StudentsBulkBar branchId={branchId} level={level} selection={selection} onDelete={deferredDelete.schedule} />
      <StudentsList
        branchId={branchId}
        list={list}
        view={view}
        level={level}
        caption={title}
        actions={actions}
        selection={selection}
        hidden={deferredDelete.hidden}
      />
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
      <BulkPhotosDialog opened={bulk} onClose={() => setBulk(false)} branchId={branchId} />
      <ConsentDialog
        student={consentOf ? { id: consentOf.id, name: `${consentOf.firstName} ${consentOf.lastName}` } : null}
        branchId={branchId}
        onClose={() => setConsentOf(null)}
      />
    </Stack>
  );
}
