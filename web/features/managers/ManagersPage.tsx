/** Okul Yöneticileri / Şube Yöneticileri: list, create, edit, activate, reset password, delete. */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import type { Manager } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { paths, updateBodyOf, useDeleteManager, useManagers, useSaveManager, type ManagerKind } from './api';
import { AuditDialog } from '../audit/AuditDialog';
import { ManagerForm } from './ManagerForm';
import { PasswordShown } from './PasswordShown';

const t = tr.organisation.manager;

function RowActions({
  kind,
  ownerId,
  row,
  onEdit,
  onPassword,
  onHistory,
}: {
  kind: ManagerKind;
  ownerId: number;
  row: Manager;
  onEdit(): void;
  onPassword(p: string): void;
  onHistory(): void;
}) {
  const save = useSaveManager(kind, ownerId);
  const remove = useDeleteManager(kind, ownerId);
  const [busy, setBusy] = useState<'toggle' | 'reset' | null>(null);
  const run = async (which: 'toggle' | 'reset') => {
    if (which === 'reset' && !(await confirmAction({ message: t.resetConfirm(row.name), confirmLabel: t.resetPassword, danger: false }))) return;
    setBusy(which);
    const body = which === 'toggle' ? updateBodyOf(row, { active: !row.active }) : updateBodyOf(row, { resetPassword: true });
    const saved = await attempt(
      () => save.mutateAsync({ id: row.id, body }),
      which === 'toggle' ? (row.active ? t.deactivated : t.activated) : undefined,
    ).finally(() => setBusy(null));
    if (saved?.generatedPassword) onPassword(saved.generatedPassword);
  };
  const del = async () => {
    if (!(await confirmAction({ message: t.deleteConfirm(row.name) }))) return;
    await attempt(() => remove.mutateAsync(row.id), tr.deleted);
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={`${tr.words.edit}: ${row.name}`}>
        {tr.words.edit}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        loading={busy === 'toggle'}
        onClick={() => run('toggle')}
        aria-label={`${row.active ? t.deactivate : t.activate}: ${row.name}`}
      >
        {row.active ? t.deactivate : t.activate}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        loading={busy === 'reset'}
        onClick={() => run('reset')}
        aria-label={`${t.resetPassword}: ${row.name}`}
      >
        {t.resetPassword}
      </Button>
      <Button size="compact-sm" variant="subtle" color="gray" onClick={onHistory} aria-label={`${tr.organisation.audit.title}: ${row.name}`}>
        {tr.organisation.audit.title}
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" loading={remove.isPending} onClick={del} aria-label={`${tr.words.delete}: ${row.name}`}>
        {tr.words.delete}
      </Button>
    </Group>
  );
}

export function ManagersPage({
  kind,
  ownerId,
  title,
  subtitle,
  canWrite,
}: {
  kind: ManagerKind;
  ownerId: number;
  title: string;
  subtitle?: string;
  canWrite: boolean;
}) {
  const list = useListState({ sort: 'name' });
  const { data, isLoading, isFetching, isError } = useManagers(kind, ownerId, list.query);
  const [editing, setEditing] = useState<Manager | null | undefined>(undefined);
  const [password, setPassword] = useState<string | null>(null);
  const [history, setHistory] = useState<Manager | null>(null);

  const columns: Column<Manager>[] = [
    { key: 'name', header: t.name, sortKey: 'name', render: (r) => r.name },
    { key: 'email', header: t.email, sortKey: 'email', render: (r) => r.email },
    { key: 'phone', header: t.phone, render: (r) => r.phone },
    {
      key: 'active',
      header: t.status,
      sortKey: 'active',
      render: (r) => (
        <Badge color={r.active ? 'green' : 'gray'} variant="light">
          {r.active ? tr.status.active : tr.status.passive}
        </Badge>
      ),
    },
    { key: 'lastLoginAt', header: t.lastLogin, sortKey: 'lastLoginAt', render: (r) => (r.lastLoginAt ? displayDate(r.lastLoginAt) : t.never) },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: '',
      render: (r) => <RowActions kind={kind} ownerId={ownerId} row={r} onEdit={() => setEditing(r)} onPassword={setPassword} onHistory={() => setHistory(r)} />,
    });
  }

  return (
    <Stack gap="sm">
      <PageHeader
        title={title}
        actions={
          <>
            <ExportMenu path={paths(kind, ownerId).list} query={list.query} />
            {canWrite ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
                {t.newTitle}
              </Button>
            ) : null}
          </>
        }
      />
      {subtitle ? (
        <Text c="dimmed" mt={-12}>
          {subtitle}
        </Text>
      ) : null}
      <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} placeholder={t.searchPlaceholder} />
      <DataTable
        caption={title}
        columns={columns}
        rows={isLoading ? undefined : data?.items}
        total={data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(r) => r.id}
        loading={isFetching}
        error={isError}
        emptyTitle={list.filtered ? tr.noRecords : t.emptyTitle}
        emptyDescription={list.filtered || !canWrite ? undefined : t.emptyDescription}
        minWidth={760}
      />
      {editing !== undefined ? (
        <ManagerForm kind={kind} ownerId={ownerId} row={editing} onClose={() => setEditing(undefined)} onPassword={setPassword} />
      ) : null}
      <PasswordShown password={password} onClose={() => setPassword(null)} />
      {history ? <AuditDialog entity={`${kind}Manager`} entityId={history.id} title={history.name} onClose={() => setHistory(null)} /> : null}
    </Stack>
  );
}
