/**
 * One event album: its photos as a grid with the lightbox (group and address slug `albumN`),
 * filtered by status and by a student tagged in them; a selection for approving or rejecting
 * what came through upload links, and for deleting; a caption per photo; uploads; and the
 * album's upload links.
 */
import { ActionIcon, Alert, Badge, Button, Card, Center, Checkbox, Group, Image, Loader, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconFaceId, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { displayDate } from '../../../common/dates';
import type { AlbumPhoto } from '../../../common/schemas/albums';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { FormDialog } from '../../components/form/FormDialog';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { ListPager } from '../../components/list/ListPager';
import { ListToolbar } from '../../components/list/ListToolbar';
import { useListState } from '../../components/list/useListState';
import { PageHeader } from '../../components/PageHeader';
import { PhotoPicker } from '../../components/photos/PhotoPicker';
import { toast } from '../../toast';
import { sendAlbumPhoto, useAlbum, useAlbumPhotos, useAlbumStudents, useDecidePhotos, useDeletePhotos, useSaveCaption } from './api';
import { UploadLinks } from './UploadLinks';

const t = tr.albums;
const p = t.photos;

/** The lightbox group and the address's slug: no "-" before the id, as "#slug-N" reads a trailing number as the slide. */
const albumSlug = (albumId: number) => `album${albumId}`;

function CaptionDialog({ albumId, photo, onClose }: { albumId: number; photo: AlbumPhoto; onClose(): void }) {
  const save = useSaveCaption(albumId);
  const [caption, setCaption] = useState(photo.caption);
  const submit = async () => {
    if (await attempt(() => save.mutateAsync({ id: photo.id, caption }), p.captionSaved)) onClose();
  };
  return (
    <FormDialog title={p.captionEdit} onClose={onClose} onSubmit={submit} busy={save.isPending} dirty={caption !== photo.caption}>
      <TextInput label={p.caption} maxLength={500} value={caption} onChange={(e) => setCaption(e.currentTarget.value)} data-autofocus />
    </FormDialog>
  );
}

export function AlbumPage({ albumId }: { albumId: number }) {
  const album = useAlbum(albumId);
  const list = useListState({ sort: 'id', perPage: 50, filters: ['status', 'studentId'] });
  const { sort: _sort, order: _order, q: _q, ...query } = list.query;
  const photos = useAlbumPhotos(albumId, query);
  const students = useAlbumStudents(albumId);
  const decide = useDecidePhotos(albumId);
  const remove = useDeletePhotos(albumId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [captioning, setCaptioning] = useState<AlbumPhoto | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useLightbox(container, photos.data);

  const name = album.data?.item.name ?? '';
  const items = photos.data?.items ?? [];
  const chosen = items.filter((photo) => selected.has(photo.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const clear = () => setSelected(new Set());

  const run = async (status: 'approved' | 'rejected') => {
    const ids = chosen.filter((photo) => photo.status === 'pending').map((photo) => photo.id);
    if (!ids.length) return toast('warning', p.onlyPending);
    const done = await attempt(() => decide.mutateAsync({ ids, status }), status === 'approved' ? p.approved(ids.length) : p.rejected(ids.length));
    if (done) clear();
  };
  const del = async () => {
    if (!(await confirmAction({ message: p.deleteConfirm(chosen.length), danger: true }))) return;
    if (await attempt(() => remove.mutateAsync(chosen.map((photo) => photo.id)), p.deleted(chosen.length))) clear();
  };
  const uploaded = ({ sent, failed }: { sent: number; failed: number }) => {
    if (failed) toast('warning', tr.students.photos.uploadSummary(sent, failed));
    else toast('success', tr.students.photos.uploaded(sent));
    if (sent) void photos.refetch();
  };

  const statusOptions = (['pending', 'approved', 'rejected'] as const).map((value) => ({ value, label: p.statuses[value] }));
  const studentOptions = (students.data?.items ?? []).map((s) => ({ value: String(s.id), label: p.studentOption(s.name, s.photos) }));
  const offset = (list.state.page - 1) * list.state.perPage;

  let grid;
  if (photos.isLoading)
    grid = (
      <Center py="md">
        <Loader aria-label={tr.loading} />
      </Center>
    );
  else if (photos.isError)
    grid = (
      <Alert color="red" title={tr.error.title}>
        {tr.error.description}
      </Alert>
    );
  else if (!items.length) grid = <Text c="dimmed">{list.filtered ? p.noneFiltered : p.none}</Text>;
  else
    grid = (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {items.map((photo, i) => {
          const n = offset + i + 1;
          return (
            <Card key={photo.id} padding="xs" withBorder>
              <a
                href={photo.photoUrl}
                {...lightboxAttributes(albumSlug(albumId), {
                  src: photo.photoUrl,
                  type: 'image',
                  caption: p.slideCaption(name, n, photo.caption),
                  thumbSrc: photo.thumbUrl,
                  downloadSrc: photo.downloadUrl,
                  downloadFilename: `${albumSlug(albumId)}-${n}.jpg`,
                })}
                aria-label={p.openPhoto(n)}
              >
                <Image src={photo.thumbUrl} alt="" h={120} fit="cover" radius="sm" />
              </a>
              <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
                <Checkbox aria-label={p.select(n)} checked={selected.has(photo.id)} onChange={() => toggle(photo.id)} />
                <Badge size="sm" color={photo.status === 'approved' ? 'green' : photo.status === 'pending' ? 'yellow' : 'red'} variant="light">
                  {p.statuses[photo.status]}
                </Badge>
                <Tooltip label={p.captionEdit}>
                  <ActionIcon variant="subtle" aria-label={`${p.captionEdit}: ${n}`} onClick={() => setCaptioning(photo)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              {photo.caption ? (
                <Text size="xs" mt={4} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {photo.caption}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                {photo.viaLink ? p.byLink(photo.uploaderName) : p.byStaff(photo.uploaderName)}
              </Text>
              {photo.students.length ? (
                <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {photo.students.map((s) => s.name).join(', ')}
                </Text>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
    );

  const subtitle = album.data
    ? [album.data.item.eventDate ? displayDate(album.data.item.eventDate) : '', album.data.item.description].filter(Boolean).join(' · ')
    : '';

  return (
    <Stack gap="sm">
      <PageHeader
        title={name || t.album}
        subtitle={subtitle}
        actions={
          <Button variant="default" component={Link} to={`/albums/${albumId}/faces`} leftSection={<IconFaceId size={16} />}>
            {tr.faces.title}
          </Button>
        }
      />
      <PhotoPicker send={(file, onProgress, signal) => sendAlbumPhoto(albumId, file, onProgress, signal)} onFinished={uploaded} pickLabel={p.upload} />
      <ListToolbar
        list={list}
        filters={[
          { name: 'status', label: p.status, placeholder: p.allStatuses, options: statusOptions },
          studentOptions.length > 0 && { name: 'studentId', label: p.student, placeholder: p.allStudents, options: studentOptions },
        ]}
      />
      <Group gap="xs" wrap="wrap">
        <Button variant="default" size="xs" onClick={() => setSelected(new Set(items.map((photo) => photo.id)))} disabled={!items.length}>
          {p.selectAll}
        </Button>
        {chosen.length ? (
          <>
            <Text size="sm" fw={600} role="status">
              {p.selected(chosen.length)}
            </Text>
            <Button size="xs" color="green" leftSection={<IconCheck size={14} />} loading={decide.isPending} onClick={() => void run('approved')}>
              {p.approve}
            </Button>
            <Button size="xs" color="orange" variant="light" leftSection={<IconX size={14} />} disabled={decide.isPending} onClick={() => void run('rejected')}>
              {p.reject}
            </Button>
            <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} loading={remove.isPending} onClick={() => void del()}>
              {tr.words.delete}
            </Button>
            <Button size="xs" variant="subtle" onClick={clear}>
              {p.clearSelection}
            </Button>
          </>
        ) : null}
      </Group>
      <div ref={container}>{grid}</div>
      {photos.data ? <ListPager list={list} total={photos.data.total} /> : null}
      <UploadLinks albumId={albumId} albumName={name} />
      {captioning ? <CaptionDialog albumId={albumId} photo={captioning} onClose={() => setCaptioning(null)} /> : null}
    </Stack>
  );
}
