/**
 * The sign-in of a portal whose people have a code instead of an account (students, parents):
 * school code (filled in from the paper's QR), school number and the code. A success opens the portal's home.
 */
import { Button, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { core } from '../../common/tr/core';
import { student } from '../../common/tr/student';
import { zodValidate } from './form/zodValidate';
import { LoginFrame } from './LoginFrame';

// The page is a first load on a phone: it takes only the texts it shows, and zod with the first submit.
const tr = { ...core, student } as const;

type Values<Code extends string> = { schoolCode: string; schoolNumber: string } & Record<Code, string>;

interface Props<Code extends string> {
  /** The code's field in the body, e.g. accessCode. */
  code: Code;
  /** The body's shared schema, loaded with the first submit (zod is not part of the page's first load). */
  loadSchema(): Promise<z.ZodType>;
  /** The query parameter the paper's QR carries the school code in. */
  schoolParam: string;
  title: string;
  subtitle: string;
  codeLabel: string;
  signInLabel: string;
  signIn(values: Values<Code>): Promise<boolean>;
  home: string;
}

export function CodeLoginPage<Code extends string>({ code, loadSchema, schoolParam, title, subtitle, codeLabel, signInLabel, signIn, home }: Props<Code>) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fromPaper = params.get(schoolParam) ?? '';
  const form = useForm<Values<Code>>({
    mode: 'controlled',
    initialValues: { schoolCode: fromPaper, schoolNumber: '', [code]: '' } as Values<Code>,
  });

  useEffect(() => {
    document.title = `${title} · ${tr.appName}`;
  }, [title]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const errors = zodValidate(await loadSchema())(values);
    form.setErrors(errors);
    const ok = Object.keys(errors).length === 0 && (await signIn(values));
    setBusy(false);
    if (ok) navigate(home);
  });

  return (
    <LoginFrame padding="lg" onSubmit={submit}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </div>
      <TextInput label={tr.student.schoolCode} autoCapitalize="characters" autoComplete="off" required {...form.getInputProps('schoolCode')} />
      <TextInput
        label={tr.student.schoolNumber}
        inputMode="numeric"
        autoComplete="username"
        required
        autoFocus={!!fromPaper}
        {...form.getInputProps('schoolNumber')}
      />
      <PasswordInput label={codeLabel} autoCapitalize="characters" autoComplete="current-password" required {...form.getInputProps(code)} />
      <Button type="submit" loading={busy} fullWidth size="md">
        {signInLabel}
      </Button>
    </LoginFrame>
  );
}
