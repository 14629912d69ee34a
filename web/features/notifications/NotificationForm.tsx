/** Create or edit a notification: title, text, target (chained school → branch) and send date. */
import { Alert, Button, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { todayInTurkey } from '../../../common/dates';
import { notificationBody, type NotificationBody, type NotificationItem, type TargetType } from '../../../common/schemas/notification';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { DateField } from '../../components/DateField';
import { FormDialog } from '../../components/form/FormDialog';
import { optionsOf, recordOptions, SelectField } from '../../components/SelectField';
import { zodValidate } from '../../components/form/zodValidate';
import { useSession } from '../../session/store';
import { useStaleGuard } from '../../components/form/staleRecord';
import { readNotification, useSaveNotification, useTargets } from './api';

const t = tr.notifications;

interface Values {
  title: string;
  body: string;
  targetType: TargetType;
  schoolId: string | null;
  branchId: string | null;
  sendDate: string | null;
}

function initialValues(item: NotificationItem | null, level: string, ownSchool: number | null, ownBranch: number | null): Values {
  if (item) {
    return {
      title: item.title,
      body: item.body,
      targetType: item.targetType,
      schoolId: item.schoolId ? String(item.schoolId) : null,
      branchId: item.targetType === 'branch' && item.targetId ? String(item.targetId) : null,
      sendDate: item.sendDate,
    };
  }
  return {
    title: '',
    body: '',
    targetType: level === 'panel' ? 'all' : level === 'school' ? 'school' : 'branch',
    schoolId: ownSchool ? String(ownSchool) : null,
    branchId: level === 'branch' && ownBranch ? String(ownBranch) : null,
    sendDate: null,
  };
}

function toBody(v: Values, status: NotificationBody['status']): NotificationBody {
  const targetId =
    v.targetType === 'all' ? null : v.targetType === 'school' ? (v.schoolId ? Number(v.schoolId) : null) : v.branchId ? Number(v.branchId) : null;
  return { title: v.title, body: v.body, targetType: v.targetType, targetId, sendDate: v.sendDate ?? '', status };
}

export function NotificationForm({ item, onClose }: { item: NotificationItem | null; onClose(): void }) {
  const info = useSession((s) => s.info)!;
  const level = info.level;
  const readOnly = item?.status === 'sent';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(item, level, info.school?.id ?? null, info.branch?.id ?? null),
    validate: (values) => {
      const errors = zodValidate(notificationBody)(toBody(values, 'draft'));
      if (values.targetType !== 'all' && errors.targetId === undefined) {
        if (values.targetType === 'school' && !values.schoolId) errors.schoolId = t.targetIdRequired;
        if (values.targetType === 'branch' && !values.branchId) errors.branchId = t.targetIdRequired;
      }
      if (values.sendDate && values.sendDate < todayInTurkey()) errors.sendDate = t.pastDate;
      if (errors.targetId) {
        errors[values.targetType === 'branch' ? 'branchId' : 'schoolId'] = errors.targetId;
        delete errors.targetId;
      }
      return errors;
    },
  });
  const schoolId = form.values.schoolId ? Number(form.values.schoolId) : null;
  const targets = useTargets(form.values.targetType === 'branch' ? schoolId : null);
  const save = useSaveNotification();
  const stale = useStaleGuard(item, () => readNotification(item!.id), {
    title: t.title,
    body: t.body,
    targetType: t.targetType,
    targetId: t.target,
    sendDate: t.sendDate,
    status: t.status,
  });

  const submit = (status: NotificationBody['status']) =>
    form.onSubmit(async (values) => {
      const fields = toBody(values, status);
      const body = item ? { ...fields, version: stale.version } : fields;
      const saved = await attempt(
        () => save.mutateAsync({ id: item?.id, body, onErrorBody: stale.onErrorBody }),
        status === 'scheduled' ? t.scheduled : t.saved,
      );
      if (saved) onClose();
    });

  const targetChoices = optionsOf(
    t.targets,
    level === 'panel' ? (['all', 'school', 'branch'] as const) : level === 'school' ? (['school', 'branch'] as const) : (['branch'] as const),
  );
  const busyStatus = save.variables?.body.status;

  return (
    <FormDialog
      title={readOnly ? t.viewNotification : item ? t.editNotification : t.newNotification}
      size="lg"
      onClose={onClose}
      onSubmit={submit('draft')}
      busy={save.isPending}
      dirty={!readOnly && form.isDirty()}
      cancelLabel={readOnly ? t.close : tr.words.cancel}
      actions={
        readOnly ? null : (
          <>
            <Button type="submit" variant="light" loading={save.isPending && busyStatus === 'draft'} disabled={save.isPending}>
              {t.saveDraft}
            </Button>
            <Button onClick={() => submit('scheduled')()} loading={save.isPending && busyStatus === 'scheduled'} disabled={save.isPending}>
              {t.schedule}
            </Button>
          </>
        )
      }
    >
      {stale.notice}
      {readOnly ? <Alert color="gray">{t.readOnlyNote}</Alert> : null}
      <TextInput label={t.title} required disabled={readOnly} {...form.getInputProps('title')} />
      <Textarea label={t.body} required autosize minRows={3} maxRows={8} disabled={readOnly} {...form.getInputProps('body')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="target-type-label">
          {t.targetType}
        </Text>
        <SegmentedControl
          aria-labelledby="target-type-label"
          data={targetChoices}
          disabled={readOnly || targetChoices.length === 1}
          value={form.values.targetType}
          onChange={(value) => {
            form.setFieldValue('targetType', value as TargetType);
            if (level !== 'branch') form.setFieldValue('branchId', null);
          }}
        />
      </Stack>
      {form.values.targetType !== 'all' ? (
        <SelectField
          label={t.school}
          placeholder={t.chooseSchool}
          data={recordOptions(targets.data?.schools ?? [])}
          required
          disabled={readOnly || level !== 'panel'}
          {...form.getInputProps('schoolId')}
          onChange={(value) => {
            form.setFieldValue('schoolId', value);
            form.setFieldValue('branchId', null);
          }}
        />
      ) : null}
      {form.values.targetType === 'branch' ? (
        <SelectField
          label={t.branch}
          placeholder={t.chooseBranch}
          data={recordOptions(targets.data?.branches ?? [])}
          required
          disabled={readOnly || !schoolId || level === 'branch'}
          {...form.getInputProps('branchId')}
        />
      ) : null}
      <DateField
        label={t.sendDate}
        required
        disabled={readOnly}
        minDate={todayInTurkey()}
        value={form.values.sendDate}
        onChange={(value) => form.setFieldValue('sendDate', value)}
        error={form.errors.sendDate}
      />
    </FormDialog>
  );
}
