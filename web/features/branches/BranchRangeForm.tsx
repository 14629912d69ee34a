/** Quick creation of a range: one grade, sections from one letter to another (Turkish alphabet). */
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { branchRangeBody } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { FormDialog } from '../../components/form/FormDialog';
import { zodValidate } from '../../components/form/zodValidate';
import { toast } from '../../toast';
import { useCreateRange } from './api';
import { GradeInput } from './BranchForm';

const t = tr.organisation.branch;

export function BranchRangeForm({ schoolId, onClose }: { schoolId: number; onClose(): void }) {
  const create = useCreateRange(schoolId);
  const form = useForm<{ grade: number | string; from: string; to: string; programme: string }>({
    initialValues: { grade: 12, from: 'A', to: '', programme: '' },
    validate: zodValidate(branchRangeBody),
  });
  const submit = form.onSubmit(async (values) => {
    const result = await attempt(() => create.mutateAsync({ ...values, grade: Number(values.grade) }));
    if (!result) return;
    if (result.created.length) toast('success', t.rangeCreated(result.created.length));
    else toast('info', t.rangeEmpty);
    if (result.skipped.length) toast('warning', t.rangeSkipped(result.skipped.join(', ')));
    onClose();
  });
  return (
    <FormDialog title={t.rangeTitle} onClose={onClose} onSubmit={submit} busy={create.isPending} dirty={form.isDirty()} submitLabel={t.rangeButton}>
      <GradeInput {...form.getInputProps('grade')} />
      <SimpleGrid cols={2}>
        <TextInput label={t.from} withAsterisk maxLength={1} {...form.getInputProps('from')} />
        <TextInput label={t.to} withAsterisk maxLength={1} {...form.getInputProps('to')} />
      </SimpleGrid>
      <TextInput label={t.programme} {...form.getInputProps('programme')} />
    </FormDialog>
  );
}
