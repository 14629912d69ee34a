/** A student's row action: a new access code, shown once in a dialog (the old one stops at once). */
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey } from '@tabler/icons-react';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { useQuoteDecision, useStudentCode } from './api';

const t = tr.student.cards;

export function StudentCodeButton({ studentId, name }: { studentId: number; name: string }) {
  const issue = useStudentCode();
  const run = async () => {
    if (!(await confirmAction({ title: t.regenerateOne, message: `${name}: ${t.regenerateConfirm}`, confirmLabel: t.regenerateOne }))) return;
    const result = await attempt(() => issue.mutateAsync(studentId));
    if (result)
      modals.open({
        title: t.regenerateOne,
        children: (
          <Text size="lg" data-testid="new-access-code">
            {t.newCode(name, result.code)}
          </Text>
        ),
      });
  };
  return (
    <ActionIcon title={t.regenerateOne} variant="subtle" aria-label={`${t.regenerateOne}: ${name}`} onClick={() => void run()} loading={issue.isPending}>
      <IconKey size={18} />
    </ActionIcon>
  );
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
  const decide = useQuoteDecision(branchId);
  if (!pickThumbUrl && quoteDraft === null) return null;
  const run = (action: 'approve' | 'reject') => void attempt(() => decide.mutateAsync({ studentId, action }), tr.saved);
  return (
    <>
      {pickThumbUrl ? (
        <Text size="xs" c="dimmed" component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {tr.student.staff.portraitPick}:
          <img src={pickThumbUrl} alt={tr.student.staff.portraitPick} width={24} height={24} style={{ objectFit: 'cover', borderRadius: 4 }} />
        </Text>
      ) : null}
      {quoteDraft !== null ? (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">{`${tr.student.portal.quote} (${tr.student.portal.quotePending}): ${quoteDraft}`}</Text>
          <Button size="compact-xs" variant="light" color="teal" onClick={() => run('approve')} aria-label={`${tr.student.staff.approveQuote}: ${quoteDraft}`}>
            {tr.student.staff.approveQuote}
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => run('reject')} aria-label={`${tr.student.staff.rejectQuote}: ${quoteDraft}`}>
            {tr.student.staff.rejectQuote}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
