/**
 * Login cards of a branch (login-cards/{branchId}): printable cards (ten an A4 page) with a QR
 * code of the sign-in address, or a PDF. Codes are stored hashed, so a card can only be printed
 * with a new code: a lost card is replaced by picking that student alone (the others' cards keep
 * working); the whole branch's codes are renewed only on purpose. The page names its branch and
 * school from the start; a pick can arrive from the students list (?ogrenci=1,2,3).
 */
import { Alert, Button, Card, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconKey, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BranchCodes } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageCheckbox, RowCheckbox, useSelection } from '../../components/list/selection';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, Loading } from '../../components/QueryState';
import { qrDataUrl } from '../../components/qr';
import { usePlace } from '../../layout/place';
import { toast } from '../../toast';
import { useStudents } from '../students/api';
import { downloadCardsPdf, useBranchCodes } from './api';

const t = tr.student.cards;
/** A branch's students in school number order, as many as one list page holds. */
const CLASS_LIST = { page: 1, perPage: 100, q: '', sort: 'schoolNumber', order: 'asc' };

/** The ids a link from the students list picked. */
const pickedInAddress = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export function LoginCardsPage({ branchId }: { branchId: number }) {
  const issue = useBranchCodes();
  const place = usePlace();
  const students = useStudents(branchId, CLASS_LIST);
  const [params] = useSearchParams();
  const selection = useSelection(String(branchId));
  const [preset, setPreset] = useState(false);
  if (!preset) {
    setPreset(true);
    const fromList = pickedInAddress(params.get('ogrenci'));
    if (fromList.length) selection.setPage(fromList, true);
  }
  const [sheet, setSheet] = useState<BranchCodes | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = students.data?.items ?? [];
  // Only students of this list count: an id in the address that is not (or no longer) here is not sent.
  const picked = rows.filter((s) => selection.ids.has(s.id)).map((s) => s.id);

  const makeCards = async (studentIds?: number[]) => {
    const message = studentIds ? t.pickedConfirm(studentIds.length) : t.regenerateConfirm;
    if (!(await confirmAction({ title: t.action, message, confirmLabel: studentIds ? t.regenerateOne : t.regenerateAll }))) return;
    const result = await attempt(() => issue.mutateAsync({ branchId, studentIds }));
    if (result) setSheet(result);
  };
  const makePdf = async (studentIds: number[]) => {
    if (!(await confirmAction({ title: t.action, message: t.pickedConfirm(studentIds.length), confirmLabel: t.regenerateOne }))) return;
    setBusy(true);
    const outcome = await downloadCardsPdf(branchId, studentIds);
    if (outcome !== true) toast('error', outcome);
    setBusy(false);
  };
  const url = sheet ? `${sheet.loginUrl}?okul=${encodeURIComponent(sheet.schoolCode)}` : '';
  const branchName = sheet?.branchName ?? place?.branch?.name;

  return (
    <Stack>
      <PageHeader
        title={branchName ? t.title(branchName) : t.action}
        subtitle={sheet?.schoolName ?? place?.school?.name}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={() => void makeCards()}
              loading={issue.isPending && !issue.variables.studentIds}
            >
              {t.regenerateAll}
            </Button>
            {sheet ? (
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                {t.print}
              </Button>
            ) : null}
          </>
        }
      />
      <Paper withBorder p="sm">
        <Stack gap="sm">
          <Alert color="blue" title={t.picked}>
            {t.pickedNotice}
          </Alert>
          {students.isError && !students.data ? <LoadFailed /> : null}
          {!students.data && !students.isError ? <Loading /> : null}
          {rows.length ? (
            <>
              <Group gap="xs">
                <PageCheckbox selection={selection} pageIds={rows.map((s) => s.id)} />
                <Text size="sm" c="dimmed" aria-hidden>
                  {tr.messages.selectPage}
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={4} role="group" aria-label={t.picked}>
                {rows.map((s) => (
                  <Group key={s.id} gap="xs" wrap="nowrap">
                    <RowCheckbox selection={selection} id={s.id} label={`${s.schoolNumber} ${s.firstName} ${s.lastName}`} />
                    <Text size="sm" truncate="end">{`${s.schoolNumber} · ${s.firstName} ${s.lastName}`}</Text>
                  </Group>
                ))}
              </SimpleGrid>
            </>
          ) : null}
          <Group gap="xs">
            <Button
              leftSection={<IconKey size={16} />}
              disabled={!picked.length}
              onClick={() => void makeCards(picked)}
              loading={issue.isPending && Boolean(issue.variables.studentIds)}
            >
              {t.pickedCards(picked.length)}
            </Button>
            <Button variant="default" leftSection={<IconFileTypePdf size={16} />} disabled={!picked.length} onClick={() => void makePdf(picked)} loading={busy}>
              {t.pickedPdf(picked.length)}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {sheet ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0} className="login-cards" aria-label={t.title(sheet.branchName)}>
          {sheet.items.map((card) => (
            <Card key={card.studentId} withBorder radius={0} className="login-card" aria-label={card.name}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">{`${sheet.schoolName} · ${sheet.branchName}`}</Text>
                  <Text fw={700}>{card.name}</Text>
                  <Text size="sm">{`${tr.student.schoolCode}: ${sheet.schoolCode}`}</Text>
                  <Text size="sm">{`${tr.student.schoolNumber}: ${card.schoolNumber}`}</Text>
                  <Text size="sm">
                    {`${tr.student.accessCode}: `}
                    <Text span fw={700} ff="monospace" data-testid="access-code">
                      {card.code}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.cardHint}
                  </Text>
                </Stack>
                <Image src={qrDataUrl(url)} alt={url} w={96} h={96} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t.noneYet}</Text>
      )}
    </Stack>
  );
}
