/** Create or edit one branch ("12/A"). */
import { NumberInput, TextInput, type NumberInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { branchBody, type Branch } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { FormDialog } from '../../components/form/FormDialog';
import { zodValidate } from '../../components/form/zodValidate';
import { useStaleGuard } from '../../components/form/staleRecord';
import { readBranch, useSaveBranch } from './api';

const t = tr.organisation.branch;

/** The grade field of both branch forms: a whole number from 1 to 12. */
export function GradeInput(props: NumberInputProps) {
  return <NumberInput label={t.grade} withAsterisk min={1} max={12} allowDecimal={false} {...props} />;
}

export function BranchForm({ schoolId, row, onClose }: { schoolId: number; row: Branch | null; onClose(): void }) {
  const save = useSaveBranch(schoolId);
  const form = useForm<{ grade: number | string; section: string; programme: string }>({
    initialValues: { grade: row?.grade ?? 12, section: row?.section ?? '', programme: row?.programme ?? '' },
    validate: zodValidate(branchBody),
  });
  const stale = useStaleGuard(row, () => readBranch(row!.id), { grade: t.grade, section: t.section, programme: t.programme });
  const submit = form.onSubmit(async (values) => {
    const body = { ...values, grade: Number(values.grade), ...(row ? { version: stale.version } : {}) };
    // A refusal (e.g. the branch already exists) is toasted by the api client; the form stays open.
    if (await attempt(() => save.mutateAsync({ id: row?.id, body, onErrorBody: stale.onErrorBody }), tr.saved)) onClose();
  });
  return (
    <FormDialog title={row ? t.editTitle : t.newTitle} onClose={onClose} onSubmit={submit} busy={save.isPending} dirty={form.isDirty()}>
      {stale.notice}
      <GradeInput {...form.getInputProps('grade')} />
      <TextInput label={t.section} withAsterisk maxLength={5} {...form.getInputProps('section')} />
      <TextInput label={t.programme} {...form.getInputProps('programme')} />
    </FormDialog>
  );
}
