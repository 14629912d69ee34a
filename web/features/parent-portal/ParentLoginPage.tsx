/** /veli/login: school code (filled in from the consent letter's QR, ?school=), school number, parent code. */
import { Button, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parentLoginBody } from '../../../common/schemas/parent';
import { tr } from '../../../common/tr';
import { zodValidate } from '../../components/form/zodValidate';
import { LoginFrame } from '../../components/LoginFrame';
import { signInParent } from './session';

const p = tr.parent;

export function ParentLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fromLetter = params.get('school') ?? '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { schoolCode: fromLetter, schoolNumber: '', parentCode: '' },
    validate: zodValidate(parentLoginBody),
  });

  useEffect(() => {
    document.title = `${p.portalTitle} · ${tr.appName}`;
  }, []);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const ok = await signInParent(values);
    setBusy(false);
    if (ok) navigate('/veli');
  });

  return (
    <LoginFrame padding="lg" onSubmit={submit}>
      <div>
        <Title order={1} size="h2">
          {p.portalTitle}
        </Title>
        <Text c="dimmed" size="sm">
          {p.title}
        </Text>
      </div>
      <TextInput label={tr.student.schoolCode} autoCapitalize="characters" autoComplete="off" required {...form.getInputProps('schoolCode')} />
      <TextInput
        label={tr.student.schoolNumber}
        inputMode="numeric"
        autoComplete="username"
        required
        autoFocus={!!fromLetter}
        {...form.getInputProps('schoolNumber')}
      />
      <PasswordInput label={p.parentCode} autoCapitalize="characters" autoComplete="current-password" required {...form.getInputProps('parentCode')} />
      <Button type="submit" loading={busy} fullWidth size="md">
        {p.signIn}
      </Button>
    </LoginFrame>
  );
}
