/** Hesabım: the signed-in person changes their own password and sees, and ends, their other sessions. */
import { Badge, Button, Grid, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { displayDateTime } from '../../../common/dates';
import { changePasswordBody } from '../../../common/schemas/auth';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, Loading } from '../../components/QueryState';
import { RecordTable, type Column } from '../../components/list/RecordTable';
import { applyServerErrors, zodValidate } from '../../components/form/zodValidate';
import { useChangePassword, useEndSession, useSessions, type SessionItem } from './api';
import { deviceOf } from './device';

const t = tr.account;

function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', newPasswordAgain: '' },
    validate: (values) => {
      const errors = zodValidate(changePasswordBody)({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      if (!errors.newPassword && values.newPassword !== values.newPasswordAgain) errors.newPasswordAgain = t.passwordsDiffer;
      return errors;
    },
  });
  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    const body = { currentPassword, newPassword };
    const done = await attempt(() => change.mutateAsync({ body, onErrorBody: (answer) => applyServerErrors(form, answer.errors) }), t.passwordChanged);
    if (done) form.reset();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <Title order={2} size="h4">
          {t.changePassword}
        </Title>
        <PasswordInput label={t.currentPassword} required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <PasswordInput label={t.newPassword} required autoComplete="new-password" {...form.getInputProps('newPassword')} />
        <PasswordInput label={t.newPasswordAgain} required autoComplete="new-password" {...form.getInputProps('newPasswordAgain')} />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          {t.changePassword}
        </Button>
      </Stack>
    </form>
  );
}

function Sessions() {
  const sessions = useSessions();
  const end = useEndSession();
  const columns: Column<SessionItem>[] = [
    { key: 'signedIn', header: t.signedInAt, render: (s) => displayDateTime(s.createdAt) },
    { key: 'lastSeen', header: t.lastSeenAt, render: (s) => displayDateTime(s.lastSeenAt) },
    { key: 'address', header: t.address, render: (s) => s.ip || '—' },
    {
      key: 'browser',
      header: t.browser,
      render: (s) => (
        <Text size="sm" title={s.userAgent || undefined}>
          {deviceOf(s.userAgent)}
        </Text>
      ),
    },
    {
      key: 'action',
      header: '',
      align: 'right',
      render: (s) =>
        s.current ? (
          <Badge variant="light">{t.thisSession}</Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="red"
            aria-label={`${t.endSession}: ${displayDateTime(s.createdAt)}`}
            loading={end.isPending && end.variables === s.id}
            onClick={() => void attempt(() => end.mutateAsync(s.id), t.sessionEnded)}
          >
            {t.endSession}
          </Button>
        ),
    },
  ];
  let body;
  if (sessions.isError) body = <LoadFailed />;
  else if (!sessions.data) body = <Loading />;
  else {
    const rows = sessions.data.items;
    body = (
      <>
        <RecordTable columns={columns} rows={rows} caption={t.sessions} minWidth={560} />
        {rows.length <= 1 ? (
          <Text size="sm" c="dimmed">
            {t.noOtherSessions}
          </Text>
        ) : null}
      </>
    );
  }
  return (
    <Stack>
      <Title order={2} size="h4">
        {t.sessions}
      </Title>
      {body}
    </Stack>
  );
}

export function AccountPage() {
  return (
    <>
      <PageHeader title={t.title} />
      <Grid>
        {/* Side by side only where the sessions table has its room; below that, one under the other. */}
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <Paper withBorder p="md" radius="md">
            <PasswordForm />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Paper withBorder p="md" radius="md">
            <Sessions />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
