/** Create or edit a school in a dialog; the shared schema validates with the server's Turkish messages. */
import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schoolBody, type School } from '../../../common/schemas/organisation';
import { todayInTurkey } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { DateField } from '../../components/DateField';
import { FormDialog } from '../../components/form/FormDialog';
import { recordOptions, SelectField } from '../../components/SelectField';
import { zodValidate } from '../../components/form/zodValidate';
import { useSession } from '../../session/store';
import { useStaleGuard } from '../../components/form/staleRecord';
import { bodyOf, readSchool, useSaveSchool } from './api';
import { LogoPicker } from './LogoPicker';

const t = tr.organisation.school;

interface Values {
  name: string;
  cityId: number | null;
  district: string;
  address: string;
  phone: string;
  email: string;
  academicYear: string;
  messageDeadline: string | null;
  deliveryDate: string | null;
  /** Empty for a new school: the server picks one. */
  code: string;
  status: 'active' | 'archived';
  logo: string | null;
}

function initial(row: School | null): Values {
  if (row) {
    const { version: _version, ...fields } = bodyOf(row);
    return { ...fields, cityId: row.cityId, messageDeadline: row.messageDeadline, deliveryDate: row.deliveryDate, logo: row.logoUrl } as Values;
  }
  // The school year starting in July, by Türkiye's calendar.
  const [year, month] = todayInTurkey().split('-').map(Number) as [number, number];
  const start = month >= 7 ? year : year - 1;
  return {
    name: '',
    cityId: null,
    district: '',
    address: '',
    phone: '',
    email: '',
    academicYear: `${start}-${start + 1}`,
    messageDeadline: null,
    deliveryDate: null,
    code: '',
    status: 'active',
    logo: null,
  };
}

export function SchoolForm({ row, onClose }: { row: School | null; onClose(): void }) {
  const cities = useSession((s) => s.info?.cities ?? []);
  const save = useSaveSchool();
  const form = useForm<Values>({
    initialValues: initial(row),
    validate: (values) => zodValidate(schoolBody)({ ...values, code: values.code.trim() || undefined }),
  });
  const stale = useStaleGuard(row, () => readSchool(row!.id), {
    name: t.name,
    code: tr.student.schoolCode,
    cityId: t.city,
    district: t.district,
    address: t.address,
    phone: t.phone,
    email: t.email,
    academicYear: t.academicYear,
    messageDeadline: t.messageDeadline,
    deliveryDate: tr.kvkk.retention.deliveryDate,
    status: t.status,
    logoUrl: t.logo,
  });

  const submit = form.onSubmit(async (values) => {
    const logoChanged = values.logo !== (row?.logoUrl ?? null);
    const body = {
      ...values,
      cityId: values.cityId ?? 0,
      code: values.code.trim() || undefined,
      ...(logoChanged ? { logo: values.logo } : { logo: undefined }),
    };
    // A refusal is toasted by the call helper; the form stays open (a stale one says so in the form).
    const saved = await attempt(
      () => save.mutateAsync({ id: row?.id, body: row ? { ...body, version: stale.version } : body, onErrorBody: stale.onErrorBody }),
      tr.saved,
    );
    if (saved) onClose();
  });

  return (
    <FormDialog title={row ? t.editTitle : t.newTitle} size="lg" onClose={onClose} onSubmit={submit} busy={save.isPending} dirty={form.isDirty()}>
      {stale.notice}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t.name} withAsterisk {...form.getInputProps('name')} />
        <SelectField
          label={t.city}
          withAsterisk
          data={recordOptions(cities)}
          value={form.values.cityId ? String(form.values.cityId) : null}
          onChange={(v) => form.setFieldValue('cityId', v ? Number(v) : null)}
          error={form.errors.cityId}
        />
        <TextInput label={t.district} {...form.getInputProps('district')} />
        <TextInput label={t.phone} type="tel" {...form.getInputProps('phone')} />
        <TextInput label={t.email} type="email" {...form.getInputProps('email')} />
        <TextInput label={t.academicYear} withAsterisk {...form.getInputProps('academicYear')} />
        <DateField
          label={t.messageDeadline}
          value={form.values.messageDeadline}
          onChange={(v) => form.setFieldValue('messageDeadline', v)}
          error={form.errors.messageDeadline}
        />
        <DateField
          label={tr.kvkk.retention.deliveryDate}
          description={tr.kvkk.retention.deliveryDateHint}
          value={form.values.deliveryDate}
          onChange={(v) => form.setFieldValue('deliveryDate', v)}
          error={form.errors.deliveryDate}
        />
        <TextInput label={tr.student.schoolCode} {...form.getInputProps('code')} />
        <LogoPicker value={form.values.logo} onChange={(v) => form.setFieldValue('logo', v)} error={form.errors.logo as string | undefined} />
      </SimpleGrid>
      <TextInput label={t.address} {...form.getInputProps('address')} />
    </FormDialog>
  );
}
