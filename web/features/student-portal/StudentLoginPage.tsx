/** /student/login: school code (filled in from a login card's QR, ?okul=), school number, access code. */
import { Button, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { studentLoginBody } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { zodValidate } from '../../components/form/zodValidate';
import { signInStudent } from './session';
import { LoginFrame } from '../../components/LoginFrame';

const s = tr.student;

export function StudentLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fromCard = params.get('okul') ?? '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { schoolCode: fromCard, schoolNumber: '', accessCode: '' },
    validate: zodValidate(studentLoginBody),
  });

  useEffect(() => {
    document.title = `${s.portal.title} · ${tr.appName}`;
  }, []);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const ok = await signInStudent(values);
    setBusy(false);
    if (ok) navigate('/student');
  });

  return (
    <LoginFrame padding="lg" onSubmit={submit}>
      <div>
        <Title order={1} size="h2">
          {s.portal.title}
        </Title>
        <Text c="dimmed" size="sm">
          {tr.appName}
        </Text>
      </div>
      <TextInput label={s.schoolCode} autoCapitalize="characters" autoComplete="off" required {...form.getInputProps('schoolCode')} />
      <TextInput label={s.schoolNumber} inputMode="numeric" autoComplete="username" required autoFocus={!!fromCard} {...form.getInputProps('schoolNumber')} />
      <PasswordInput label={s.accessCode} autoCapitalize="characters" autoComplete="current-password" required {...form.getInputProps('accessCode')} />
      <Button type="submit" loading={busy} fullWidth size="md">
        {s.portal.signIn}
      </Button>
    </LoginFrame>
  );
}
