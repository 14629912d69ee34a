/** Create or edit a manager account; an empty password on creation means "generate one". */
import { PasswordInput, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { managerCreateBody, managerUpdateBody, type Manager } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { FormDialog } from '../../components/form/FormDialog';
import { zodValidate } from '../../components/form/zodValidate';
import { useStaleGuard } from '../../components/form/staleRecord';
import { readManager, useSaveManager, type ManagerKind } from './api';

const t = tr.organisation.manager;

export function ManagerForm(props: { kind: ManagerKind; ownerId: number; row: Manager | null; onClose(): void; onPassword(p: string): void }) {
  const { row } = props;
  const save = useSaveManager(props.kind, props.ownerId);
  const form = useForm({
    initialValues: { name: row?.name ?? '', email: row?.email ?? '', phone: row?.phone ?? '', password: '', active: row?.active ?? true },
    validate: zodValidate(row ? managerUpdateBody.omit({ version: true }) : managerCreateBody),
  });
  const stale = useStaleGuard(row, () => readManager(props.kind, props.ownerId, row!.id), { name: t.name, email: t.email, phone: t.phone, active: t.active });
  const submit = form.onSubmit(async (values) => {
    const body = row
      ? {
          name: values.name,
          email: values.email,
          phone: values.phone,
          active: values.active,
          version: stale.version,
          ...(values.password ? { password: values.password } : {}),
        }
      : values;
    // A refusal (e.g. the e-mail is taken) is toasted by the api client; the form stays open.
    const saved = await attempt(() => save.mutateAsync({ id: row?.id, body, onErrorBody: stale.onErrorBody }), tr.saved);
    if (!saved) return;
    props.onClose();
    if (saved.generatedPassword) props.onPassword(saved.generatedPassword);
  });
  return (
    <FormDialog title={row ? t.editTitle : t.newTitle} onClose={props.onClose} onSubmit={submit} busy={save.isPending} dirty={form.isDirty()}>
      {stale.notice}
      <TextInput label={t.name} withAsterisk {...form.getInputProps('name')} />
      <TextInput label={t.email} type="email" withAsterisk {...form.getInputProps('email')} />
      <TextInput label={t.phone} type="tel" {...form.getInputProps('phone')} />
      <PasswordInput label={t.password} description={row ? undefined : t.passwordHint} autoComplete="new-password" {...form.getInputProps('password')} />
      <Switch label={t.active} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormDialog>
  );
}
