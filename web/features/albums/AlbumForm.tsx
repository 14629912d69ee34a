/** Create or edit an event album: name, date, description. */
import { TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { albumBody, type Album } from '../../../common/schemas/albums';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { DateField } from '../../components/DateField';
import { FormDialog } from '../../components/form/FormDialog';
import { useStaleGuard } from '../../components/form/staleRecord';
import { zodValidate } from '../../components/form/zodValidate';
import { readAlbum, useSaveAlbum, type AlbumOwner } from './api';

const t = tr.albums;

export function AlbumForm({ owner, row, onClose }: { owner: AlbumOwner; row: Album | null; onClose(): void }) {
  const save = useSaveAlbum(owner);
  const form = useForm<{ name: string; eventDate: string | null; description: string }>({
    initialValues: { name: row?.name ?? '', eventDate: row?.eventDate ?? null, description: row?.description ?? '' },
    validate: zodValidate(albumBody),
  });
  const stale = useStaleGuard(row, () => readAlbum(row!.id), { name: t.name, eventDate: t.eventDate, description: t.description });
  const submit = form.onSubmit(async (values) => {
    const body = { ...values, ...(row ? { version: stale.version } : {}) };
    if (await attempt(() => save.mutateAsync({ id: row?.id, body, onErrorBody: stale.onErrorBody }), t.saved)) onClose();
  });
  return (
    <FormDialog title={row ? t.edit : t.add} onClose={onClose} onSubmit={submit} busy={save.isPending} dirty={form.isDirty()}>
      {stale.notice}
      <TextInput label={t.name} withAsterisk maxLength={150} {...form.getInputProps('name')} />
      <DateField label={t.eventDate} value={form.values.eventDate} onChange={(value) => form.setFieldValue('eventDate', value)} error={form.errors.eventDate} />
      <Textarea label={t.description} autosize minRows={2} maxLength={2000} {...form.getInputProps('description')} />
    </FormDialog>
  );
}
