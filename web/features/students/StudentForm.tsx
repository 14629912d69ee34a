/** Create / edit a student in a modal: the shared zod schema validates here and on the server. */
import { Group, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QUOTE_MAX, studentBody, type StudentBody, type StudentItem } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { FormDialog } from '../../components/form/FormDialog';
import { optionsOf, SelectField } from '../../components/SelectField';
import { applyServerErrors, zodValidate } from '../../components/form/zodValidate';
import { useStaleGuard } from '../../components/form/staleRecord';
import { useSession } from '../../session/store';
import { StudentDataActions } from '../kvkk/StudentDataActions';
import { readStudent, useSaveStudent } from './api';

const t = tr.students;

interface Values {
  schoolNumber: string;
  firstName: string;
  lastName: string;
  gender: '' | 'female' | 'male';
  quote: string;
}

export function StudentForm({ branchId, student, onClose }: { branchId: number; student: StudentItem | null; onClose(): void }) {
  const save = useSaveStudent(branchId);
  const level = useSession((s) => s.info?.level ?? s.level);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      schoolNumber: student?.schoolNumber ?? '',
      firstName: student?.firstName ?? '',
      lastName: student?.lastName ?? '',
      gender: student?.gender ?? '',
      quote: student?.quote ?? '',
    },
    validate: zodValidate(studentBody),
  });
  const stale = useStaleGuard(student, () => readStudent(student!.id), {
    schoolNumber: t.fields.schoolNumber,
    firstName: t.fields.firstName,
    lastName: t.fields.lastName,
    gender: t.fields.gender,
    quote: t.fields.quote,
    nickname: t.fields.nickname,
  });

  const submit = form.onSubmit(async (values) => {
    const fields: StudentBody = values;
    const body = student ? { ...fields, version: stale.version } : fields;
    // The call helper has toasted the server's message; its field errors go on the fields, a stale edit shows its notice.
    const onErrorBody = (answer: { errors?: Record<string, string> }) => {
      stale.onErrorBody(answer);
      applyServerErrors(form, answer.errors);
    };
    const saved = await attempt(() => save.mutateAsync({ id: student?.id, body, onErrorBody }), tr.saved);
    if (saved) onClose();
  });

  return (
    <FormDialog title={student ? t.editStudent : t.newStudent} size="lg" onClose={onClose} onSubmit={submit} busy={save.isPending} dirty={form.isDirty()}>
      {stale.notice}
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={t.fields.schoolNumber} required {...form.getInputProps('schoolNumber')} miw={140} />
        <SelectField
          label={t.fields.gender}
          data={optionsOf(t.gender, ['female', 'male'])}
          clearable
          value={form.values.gender || null}
          onChange={(v) => form.setFieldValue('gender', (v ?? '') as Values['gender'])}
          error={form.errors.gender}
          miw={140}
        />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={t.fields.firstName} required {...form.getInputProps('firstName')} miw={180} />
        <TextInput label={t.fields.lastName} required {...form.getInputProps('lastName')} miw={180} />
      </Group>
      <Textarea label={t.fields.quote} description={t.quoteHint(QUOTE_MAX)} autosize minRows={2} maxLength={QUOTE_MAX + 50} {...form.getInputProps('quote')} />
      {student ? <TextInput label={t.fields.nickname} value={student.nickname} readOnly description={t.nicknameReadOnly} /> : null}
      {student ? (
        <StudentDataActions
          branchId={branchId}
          student={{ id: student.id, name: `${student.firstName} ${student.lastName}` }}
          level={level}
          onErased={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
