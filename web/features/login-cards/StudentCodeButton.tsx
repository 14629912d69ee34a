/** A student's row action: a new access code, shown once in a dialog (the old one stops at once). */
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey } from '@tabler/icons-react';
import { useCallback } from 'react';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { RowIconButton } from '../../components/list/RowIconButton';
import { confirmAction } from '../../components/confirm';
import { useQuoteDecision, useStudentCode } from './api';

const t = tr.student.cards;

/**
 * A new access code for one student at a time, for a whole list: one mutation for the list rather
 * than one per row (a hundred rows would hold a hundred). `pendingId` is the student whose code is
 * being made.
 */
export function useStudentCodeAction() {
  const issue = useStudentCode();
  const { mutateAsync: issueCode } = issue;
  // The same function from one drawing to the next, so the rows whose buttons call it need not be drawn again.
  const run = useCallback(
    async (studentId: number, name: string) => {
      if (!(await confirmAction({ title: t.regenerateOne, message: t.regenerateOneConfirm(name), confirmLabel: t.regenerateOne }))) return;
      const result = await attempt(() => issueCode(studentId));
      if (result)
        modals.open({
          title: t.regenerateOne,
          children: (
            <Text size="lg" data-testid="new-access-code">
              {t.newCode(name, result.code)}
            </Text>
          ),
        });
    },
    [issueCode],
  );
  return { run, pendingId: issue.isPending ? issue.variables : null };
}

export function StudentCodeButton({ name, loading, onClick }: { name: string; loading: boolean; onClick(): void }) {
  return <RowIconButton icon={IconKey} label={`${t.regenerateOne}: ${name}`} loading={loading} onClick={onClick} />;
}

/** The student's own choices: its portrait pick (thumbnail), and its quote draft with approve / reject. */
export function StudentChoices({
  studentId,
  branchId,
  pickThumbUrl,
  quoteDraft,
}: {
  studentId: number;
  branchId: number;
  pickThumbUrl: string | null;
  quoteDraft: string | null;
}) {
  if (!pickThumbUrl && quoteDraft === null) return null;
  return (
    <>
      {pickThumbUrl ? (
        <Text size="xs" c="dimmed" component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {tr.student.staff.portraitPick}:
          <img src={pickThumbUrl} alt={tr.student.staff.portraitPick} width={24} height={24} style={{ objectFit: 'cover', borderRadius: 4 }} />
        </Text>
      ) : null}
      {quoteDraft !== null ? <QuoteDecision studentId={studentId} branchId={branchId} quoteDraft={quoteDraft} /> : null}
    </>
  );
}

/** A quote draft with approve / reject; its mutation lives only in the rows that have a draft. */
function QuoteDecision({ studentId, branchId, quoteDraft }: { studentId: number; branchId: number; quoteDraft: string }) {
  const decide = useQuoteDecision(branchId);
  const run = (action: 'approve' | 'reject') => void attempt(() => decide.mutateAsync({ studentId, action }), tr.saved);
  // The quote on its own line and the buttons under it, never squeezed: each says in full what it does.
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs" c="dimmed">{`${tr.student.staff.quotePending}: ${quoteDraft}`}</Text>
      <Group gap={4} wrap="wrap">
        <Button size="compact-xs" variant="light" color="teal" onClick={() => run('approve')} aria-label={`${tr.student.staff.approveQuote}: ${quoteDraft}`}>
          {tr.student.staff.approveQuote}
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => run('reject')} aria-label={`${tr.student.staff.rejectQuote}: ${quoteDraft}`}>
          {tr.student.staff.rejectQuote}
        </Button>
      </Group>
    </Stack>
  );
}
