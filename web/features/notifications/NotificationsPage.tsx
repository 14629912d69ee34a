/** Bildirimler: the list (paged, filtered by status and target), create/edit, schedule, cancel, delete. */
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import { NOTIFICATION_STATUSES, TARGET_TYPES, type NotificationItem } from '../../../common/schemas/notification';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { DataTable, type Column } from '../../components/list/DataTable';
import { SearchBox } from '../../components/list/SearchBox';
import { useListState } from '../../components/list/useListState';
import { NotificationForm } from './NotificationForm';
import { bodyOf, useDeleteNotification, useNotificationList, useSaveNotification } from './hooks';

const t = tr.notifications;
const STATUS_COLOR = { draft: 'gray', scheduled: 'blue', sent: 'green', cancelled: 'orange' } as const;

function RowActions({ item, onEdit }: { item: NotificationItem; onEdit(): void }) {
  const save = useSaveNotification();
  const remove = useDeleteNotification();
  const busy = save.isPending || remove.isPending;
  const schedule = () => attempt(() => save.mutateAsync({ id: item.id, body: bodyOf(item, 'scheduled') }), t.scheduled);
  const cancel = async () => {
    if (await confirmAction({ message: t.confirmCancel, confirmLabel: t.cancelSchedule })) {
      await attempt(() => save.mutateAsync({ id: item.id, body: bodyOf(item, 'cancelled') }), t.cancelled);
    }
  };
  const del = async () => {
    if (await confirmAction({ message: t.confirmDelete })) await attempt(() => remove.mutateAsync(item.id), tr.deleted);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`${t.actions}: ${item.title}`} loading={busy}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>{item.status === 'sent' ? t.viewNotification : tr.words.edit}</Menu.Item>
        {item.status === 'draft' || item.status === 'cancelled' ? <Menu.Item onClick={schedule}>{t.schedule}</Menu.Item> : null}
        {item.status === 'scheduled' ? <Menu.Item onClick={cancel}>{t.cancelSchedule}</Menu.Item> : null}
        {item.status !== 'sent' ? (
          <Menu.Item color="red" onClick={del}>
            {tr.words.delete}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

export function NotificationsPage() {
  const list = useListState({ sort: 'sendDate', order: 'desc', filters: ['status', 'targetType'] });
  const result = useNotificationList(list.query);
  const [editing, setEditing] = useState<{ item: NotificationItem | null } | null>(null);

  const columns: Column<NotificationItem>[] = [
    {
      key: 'title',
      header: t.title,
      render: (n) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {n.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {n.body}
          </Text>
        </Stack>
      ),
    },
    { key: 'target', header: t.target, render: (n) => n.targetName },
    { key: 'sendDate', header: t.sendDate, sortKey: 'sendDate', render: (n) => displayDate(n.sendDate) },
    {
      key: 'status',
      header: t.status,
      sortKey: 'status',
      render: (n) => (
        <Badge color={STATUS_COLOR[n.status]} variant="light">
          {tr.status[n.status]}
        </Badge>
      ),
    },
    { key: 'recipients', header: t.recipients, align: 'right', render: (n) => t.recipientCount(n.recipientCount) },
    { key: 'actions', header: t.actions, align: 'right', render: (n) => <RowActions item={n} onEdit={() => setEditing({ item: n })} /> },
  ];

  return (
    <Stack>
      <PageHeader
        title={tr.pages.notifications}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
            {t.newNotification}
          </Button>
        }
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchBox value={list.state.q} onChange={(q) => list.update({ q })} placeholder={t.searchPlaceholder} />
        <SelectField
          aria-label={t.filterStatus}
          placeholder={t.allStatuses}
          data={NOTIFICATION_STATUSES.map((s) => ({ value: s, label: tr.status[s] }))}
          value={list.state.filters.status || null}
          onChange={(value) => list.update({ filters: { status: value ?? '' } })}
          clearable
          w={200}
        />
        <SelectField
          aria-label={t.filterTarget}
          placeholder={t.allTargets}
          data={TARGET_TYPES.map((s) => ({ value: s, label: t.targets[s] }))}
          value={list.state.filters.targetType || null}
          onChange={(value) => list.update({ filters: { targetType: value ?? '' } })}
          clearable
          w={200}
        />
        {list.filtered ? (
          <Button variant="subtle" onClick={list.clear}>
            {tr.words.clearFilters}
          </Button>
        ) : null}
      </Group>
      <DataTable
        caption={t.caption}
        columns={columns}
        rows={result.data?.items}
        total={result.data?.total ?? 0}
        state={list.state}
        onChange={list.update}
        rowKey={(n) => n.id}
        loading={result.isFetching}
        error={result.isError}
        emptyTitle={list.filtered ? tr.noRecords : t.emptyTitle}
        emptyDescription={list.filtered ? undefined : t.emptyDescription}
        minWidth={760}
      />
      {editing ? <NotificationForm key={editing.item?.id ?? 'new'} item={editing.item} opened onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
