/** The event albums of a school (with its branches') or of one branch: searched, paged, created, edited, deleted. */
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import type { Album } from '../../../common/schemas/albums';
import { tr } from '../../../common/tr';
import { deleteAfterConfirm } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/list/DataTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { nameColumn } from '../../components/list/NameWithLinks';
import { NewButton } from '../../components/list/NewButton';
import { RowButton } from '../../components/list/RowButton';
import { useListState } from '../../components/list/useListState';
import { useAlbums, useDeleteAlbum, type AlbumOwner } from './api';
import { AlbumForm } from './AlbumForm';

const t = tr.albums;

function DeleteButton({ row }: { row: Album }) {
  const remove = useDeleteAlbum();
  const del = () => deleteAfterConfirm(t.deleteConfirm(row.name, row.photoCount + row.pendingCount), () => remove.mutateAsync(row.id));
  return <RowButton label={tr.words.delete} row={row.name} color="red" loading={remove.isPending} onClick={del} />;
}

export function AlbumsPage({ owner, subtitle }: { owner: AlbumOwner; subtitle?: string }) {
  const list = useListState({ sort: 'eventDate', order: 'desc' });
  const albums = useAlbums(owner, list.query);
  const [editing, setEditing] = useState<Album | null | undefined>(undefined);

  const columns: Column<Album>[] = [
    nameColumn(
      t.name,
      () => [],
      (r) => ({ to: `/albums/${r.id}`, label: `${t.open}: ${r.name}` }),
    ),
    { key: 'eventDate', header: t.eventDate, sortKey: 'eventDate', render: (r) => (r.eventDate ? displayDate(r.eventDate) : '—') },
    ...(owner.kind === 'school' ? [{ key: 'place', header: t.place, render: (r: Album) => r.branchName || t.wholeSchool }] : []),
    { key: 'photoCount', header: t.photoCount, align: 'right', render: (r) => r.photoCount },
    { key: 'pendingCount', header: t.pendingCount, align: 'right', render: (r) => r.pendingCount },
    {
      key: 'actions',
      header: '',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <RowButton label={tr.words.edit} row={r.name} onClick={() => setEditing(r)} />
          <DeleteButton row={r} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <PageHeader title={tr.pages.albums} subtitle={subtitle} actions={<NewButton label={t.add} onClick={() => setEditing(null)} />} />
      <ListToolbar list={list} searchPlaceholder={t.searchPlaceholder} />
      <DataTable caption={tr.pages.albums} columns={columns} list={list} result={albums} empty={{ title: t.empty }} minWidth={640} />
      {editing !== undefined ? <AlbumForm owner={owner} row={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
