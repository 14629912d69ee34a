/** Okul Yöneticileri / Şube Yöneticileri: list, create, edit, activate, reset password, delete. */
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import type { Manager } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction, deleteAfterConfirm } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { NewButton } from '../../components/list/NewButton';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ExportMenu } from '../../components/list/ExportMenu';
import { ListToolbar } from '../../components/list/ListToolbar';
import { RowButton } from '../../components/list/RowButton';
import { useListState } from '../../components/list/useListState';
import { AuditButton, useAuditHistory } from '../audit/AuditDialog';
import { exportPath, updateBodyOf, useDeleteManager, useManagers, useSaveManager, type ManagerKind } from './api';
import { ManagerForm } from './ManagerForm';
import { PasswordShown } from './PasswordShown';
import { RowBadge } from '../../components/list/RowBadge';

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
  const del = () => deleteAfterConfirm(t.deleteConfirm(row.name), () => remove.mutateAsync(row.id));
  return (
    <Group gap={4} wrap="nowrap">
      <RowButton label={tr.words.edit} row={row.name} onClick={onEdit} />
      <RowButton label={row.active ? t.deactivate : t.activate} row={row.name} color="gray" loading={busy === 'toggle'} onClick={() => run('toggle')} />
      <RowButton label={t.resetPassword} row={row.name} color="gray" loading={busy === 'reset'} onClick={() => run('reset')} />
      <AuditButton row={row.name} onClick={onHistory} />
      <RowButton label={tr.words.delete} row={row.name} color="red" loading={remove.isPending} onClick={del} />
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
  const managers = useManagers(kind, ownerId, list.query);
  const [editing, setEditing] = useState<Manager | null | undefined>(undefined);
  const [password, setPassword] = useState<string | null>(null);
  const history = useAuditHistory(`${kind}Manager`);

  const columns: Column<Manager>[] = [
    { key: 'name', header: t.name, sortKey: 'name', render: (r) => r.name },
    { key: 'email', header: t.email, sortKey: 'email', render: (r) => r.email },
    { key: 'phone', header: t.phone, render: (r) => r.phone },
    {
      key: 'active',
      header: t.status,
      sortKey: 'active',
      render: (r) => <RowBadge color={r.active ? 'green' : 'gray'}>{r.active ? tr.status.active : tr.status.passive}</RowBadge>,
    },
    { key: 'lastLoginAt', header: t.lastLogin, sortKey: 'lastLoginAt', render: (r) => (r.lastLoginAt ? displayDate(r.lastLoginAt) : t.never) },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: '',
      render: (r) => (
        <RowActions kind={kind} ownerId={ownerId} row={r} onEdit={() => setEditing(r)} onPassword={setPassword} onHistory={() => history.open(r.id, r.name)} />
      ),
    });
  }

  return (
    <Stack gap="sm">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <ExportMenu path={exportPath(kind, ownerId)} query={list.query} />
            {canWrite ? <NewButton label={t.newTitle} onClick={() => setEditing(null)} /> : null}
          </>
        }
      />
      <ListToolbar list={list} searchPlaceholder={t.searchPlaceholder} />
      <DataTable
        caption={title}
        columns={columns}
        list={list}
        result={managers}
        empty={{ title: t.emptyTitle, description: canWrite ? t.emptyDescription : undefined }}
        minWidth={760}
      />
      {editing !== undefined ? (
        <ManagerForm kind={kind} ownerId={ownerId} row={editing} onClose={() => setEditing(undefined)} onPassword={setPassword} />
      ) : null}
      <PasswordShown password={password} onClose={() => setPassword(null)} />
      {history.dialog}
    </Stack>
  );
}
