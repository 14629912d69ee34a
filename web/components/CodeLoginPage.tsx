/**
 * The sign-in of a portal whose people have a code instead of an account (students, parents):
 * school code (filled in from the paper's QR), school number and the code. A success opens the portal's home.
 *
 * It is also the whole first load of those pages (web/portalLogin.tsx), on phones: so it needs no
 * router and no form library, only React and the few Mantine pieces it shows; the portal's home
 * is opened as a new page, which loads the portal itself.
 */
import { Button, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
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
  const [fromPaper] = useState(() => new URLSearchParams(window.location.search).get(schoolParam) ?? '');
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState({ schoolCode: fromPaper, schoolNumber: '', [code]: '' } as Values<Code>);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error goes when the field is changed.
  const field = (name: keyof Values<Code> & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _gone, ...rest }) => rest);
    },
  });

  useEffect(() => {
    document.title = `${title} · ${tr.appName}`;
  }, [title]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const found = zodValidate(await loadSchema())(values);
    setErrors(found);
    const ok = Object.keys(found).length === 0 && (await signIn(values));
    setBusy(false);
    if (ok) window.location.assign(home);
  };

  return (
    <LoginFrame padding="lg" onSubmit={(event) => void submit(event)}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </div>
      <TextInput label={tr.student.schoolCode} autoCapitalize="characters" autoComplete="off" required {...field('schoolCode')} />
      <TextInput label={tr.student.schoolNumber} inputMode="numeric" autoComplete="username" required autoFocus={!!fromPaper} {...field('schoolNumber')} />
      <PasswordInput label={codeLabel} autoCapitalize="characters" autoComplete="current-password" required {...field(code)} />
      <Button type="submit" loading={busy} fullWidth size="md">
        {signInLabel}
      </Button>
    </LoginFrame>
  );
}
