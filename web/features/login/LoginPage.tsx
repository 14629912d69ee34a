import { Anchor, Avatar, Button, Group, PasswordInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LEVELS, type Level } from '../../../common/levels';
import { core } from '../../../common/tr/core';
import { frame } from '../../../common/tr/frame';
import { pages } from '../../../common/tr/pages';
import { studio } from '../../../common/tr/studio';
import { zodValidate } from '../../components/form/zodValidate';
import { signIn } from '../../session/actions';
import { useBranding } from './api';
import { LoginFrame } from '../../components/LoginFrame';

// The first load takes only the texts this page shows, not the whole catalogue.
const tr = { ...core, ...frame, pages, studio } as const;

export function LoginPage() {
  const level = useParams().page as Level;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const branding = useBranding();
  // Checked by the shared schema at submit (below), not by the form's own validate, so that zod
  // loads with the first submit rather than with the page.
  const form = useForm({ mode: 'controlled', initialValues: { email: '', password: '' } });

  useEffect(() => {
    document.title = `${tr.pages.login} · ${tr.appName}`;
  }, []);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const { loginBody } = await import('../../../common/schemas/auth');
    const checked = loginBody.safeParse(values);
    form.setErrors(zodValidate(loginBody)(values));
    const ok = checked.success && (await signIn(level, checked.data.email, checked.data.password));
    setBusy(false);
    if (ok) navigate('/');
  });

  return (
    <LoginFrame padding="xl" onSubmit={submit}>
      <Group gap="sm" wrap="nowrap">
        {branding?.logoUrl ? <Avatar src={branding.logoUrl} alt={tr.studio.logoAlt(branding.name)} size={56} radius="md" /> : null}
        <div>
          <Title order={1} size="h2">
            {branding?.name ?? tr.appName}
          </Title>
          <Text c="dimmed">{tr.login.subtitle(tr.levels[level])}</Text>
        </div>
      </Group>
      <TextInput
        label={tr.words.email}
        type="email"
        autoComplete="username"
        placeholder={tr.login.emailPlaceholder}
        required
        autoFocus
        {...form.getInputProps('email')}
      />
      <PasswordInput label={tr.words.password} autoComplete="current-password" required {...form.getInputProps('password')} />
      <Button type="submit" loading={busy} fullWidth>
        {tr.login.submit}
      </Button>
      <Group gap="xs" justify="center">
        <Text size="xs" c="dimmed">
          {tr.login.otherLevels}:
        </Text>
        {LEVELS.filter((l) => l !== level).map((l) => (
          <Anchor key={l} component={Link} to={`/${l}/login`} size="xs">
            {tr.levels[l]}
          </Anchor>
        ))}
      </Group>
    </LoginFrame>
  );
}
