/** Bildirimler: the list (paged, filtered by status and target), create/edit, schedule, cancel, delete. */
import { ActionIcon, Button, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import { NOTIFICATION_STATUSES, TARGET_TYPES, type NotificationItem } from '../../../common/schemas/notification';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { toast } from '../../toast';
import { confirmAction, deleteAfterConfirm } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useListState } from '../../components/list/useListState';
import { optionsOf } from '../../components/SelectField';
import { bodyOf, useDeleteNotification, useNotificationList, useSaveNotification, useSendNow } from './api';
import { NotificationForm } from './NotificationForm';
import { RowBadge } from '../../components/list/RowBadge';

const t = tr.notifications;
const STATUS_COLOR = { draft: 'gray', scheduled: 'blue', sent: 'green', cancelled: 'orange' } as const;

function RowActions({ item, onEdit }: { item: NotificationItem; onEdit(): void }) {
  const save = useSaveNotification();
  const remove = useDeleteNotification();
  const send = useSendNow();
  const busy = save.isPending || remove.isPending || send.isPending;
  const schedule = () => attempt(() => save.mutateAsync({ id: item.id, body: bodyOf(item, 'scheduled') }), t.scheduled);
  const cancel = async () => {
    if (await confirmAction({ message: t.confirmCancel, confirmLabel: t.cancelSchedule })) {
      await attempt(() => save.mutateAsync({ id: item.id, body: bodyOf(item, 'cancelled') }), t.cancelled);
    }
  };
  const sendNow = async () => {
    const message = t.confirmSendNow(item.title, item.targetName, item.recipientCount);
    if (await confirmAction({ title: t.sendNow, message, confirmLabel: t.sendNow, danger: false })) {
      const sent = await attempt(() => send.mutateAsync(item.id));
      if (sent) toast('success', t.sentNow(sent.item.recipientCount));
    }
  };
  const del = () => deleteAfterConfirm(t.confirmDelete, () => remove.mutateAsync(item.id));
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
          <Menu.Item onClick={sendNow} disabled={busy}>
            {t.sendNow}
          </Menu.Item>
        ) : null}
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
      render: (n) => <RowBadge color={STATUS_COLOR[n.status]}>{tr.status[n.status]}</RowBadge>,
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
      <ListToolbar
        list={list}
        searchPlaceholder={t.searchPlaceholder}
        filters={[
          {
            name: 'status',
            label: t.filterStatus,
            placeholder: t.allStatuses,
            options: optionsOf(tr.status, NOTIFICATION_STATUSES),
          },
          { name: 'targetType', label: t.filterTarget, placeholder: t.allTargets, options: optionsOf(t.targets, TARGET_TYPES) },
        ]}
      />
      <DataTable
        caption={t.caption}
        columns={columns}
        list={list}
        result={result}
        empty={{ title: t.emptyTitle, description: t.emptyDescription }}
        minWidth={760}
      />
      {editing ? <NotificationForm key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
