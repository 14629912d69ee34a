/** Create or edit one branch ("12/A"). */
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { branchBody, type Branch } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { zodValidate } from '../../components/form/zodValidate';
import { useSaveBranch } from './api';

const t = tr.organisation.branch;

export function BranchForm({ schoolId, row, onClose }: { schoolId: number; row: Branch | null; onClose(): void }) {
  const save = useSaveBranch(schoolId);
  const form = useForm<{ grade: number | string; section: string; programme: string }>({
    initialValues: { grade: row?.grade ?? 12, section: row?.section ?? '', programme: row?.programme ?? '' },
    validate: zodValidate(branchBody),
  });
  const submit = form.onSubmit(async (values) => {
    // A refusal (e.g. the branch already exists) is toasted by the api client; the form stays open.
    if (await attempt(() => save.mutateAsync({ id: row?.id, body: { ...values, grade: Number(values.grade) } }), tr.saved)) onClose();
  });
  return (
    <Modal opened onClose={onClose} title={row ? t.editTitle : t.newTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NumberInput label={t.grade} withAsterisk min={1} max={12} allowDecimal={false} {...form.getInputProps('grade')} />
          <TextInput label={t.section} withAsterisk maxLength={5} {...form.getInputProps('section')} />
          <TextInput label={t.programme} {...form.getInputProps('programme')} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {tr.words.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tr.words.save}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
