/**
 * An album's event pages (etkinlik sayfaları): the pages the book will print, in order, each with
 * its layout and photos; and the editor that makes or changes one: a layout of 1, 2, 3, 4 or 6
 * photos, the album's approved photos to pick from (in the order picked), and a preview of the page.
 */
import { ActionIcon, Badge, Box, Button, Card, Group, Image, Radio, SimpleGrid, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { EVENT_LAYOUTS, type EventLayout, type EventPage, type EventPhoto } from '../../../common/schemas/eventPages';
import { tr } from '../../../common/tr';
import { confirmAction } from '../../components/confirm';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Loaded } from '../../components/QueryState';
import { toast } from '../../toast';
import { useAddPage, useAlbumPages, useRemovePage, useReorderPages, useSavePage } from './api';

const t = tr.eventPages;
/** Columns and rows of each layout, as the book sets them. */
const GRID: Record<EventLayout, [number, number]> = { 1: [1, 1], 2: [1, 2], 3: [1, 3], 4: [2, 2], 6: [2, 3] };
const captionOf = (photo: EventPhoto | undefined) => photo?.caption || t.untitled;

/** The page as the book lays it out: its photos in the layout's grid on an A4 page, an empty place where none is picked. */
function PagePreview({ layout, photoIds, photos, label }: { layout: EventLayout; photoIds: number[]; photos: Map<number, EventPhoto>; label: string }) {
  const [columns, rows] = GRID[layout];
  return (
    <Box
      role="img"
      aria-label={label}
      style={{ aspectRatio: '210 / 297', width: '100%', maxWidth: 220, border: '1px solid var(--mantine-color-gray-4)', padding: 8, background: 'white' }}
    >
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)`, gap: 4, height: '100%' }}>
        {Array.from({ length: layout }, (_, i) => {
          const photo = photos.get(photoIds[i] ?? -1);
          return photo ? (
            <img key={i} src={photo.thumbUrl} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', minHeight: 0 }} />
          ) : (
            <Box key={i} bg="gray.1" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 0 }}>
              <Text size="xs" c="dimmed">
                {t.emptyPlace}
              </Text>
            </Box>
          );
        })}
      </div>
    </Box>
  );
}

interface Draft {
  /** The page being changed, or null for a new one. */
  page: EventPage | null;
  layout: EventLayout;
  photoIds: number[];
}

function PageEditor({ albumId, photos, draft, setDraft }: { albumId: number; photos: EventPhoto[]; draft: Draft; setDraft: (d: Draft) => void }) {
  const add = useAddPage(albumId);
  const save = useSavePage();
  const byId = new Map(photos.map((p) => [p.id, p]));
  const full = draft.photoIds.length >= draft.layout;
  const toggle = (id: number) => {
    if (draft.photoIds.includes(id)) setDraft({ ...draft, photoIds: draft.photoIds.filter((x) => x !== id) });
    else if (!full) setDraft({ ...draft, photoIds: [...draft.photoIds, id] });
  };
  const submit = async () => {
    const body = { layout: draft.layout, photoIds: draft.photoIds };
    const done = draft.page ? await save.mutateAsync({ id: draft.page.id, body: { ...body, version: draft.page.version } }) : await add.mutateAsync(body);
    if (!done) return;
    toast('success', draft.page ? t.updated : t.created);
    setDraft({ page: null, layout: draft.layout, photoIds: [] });
  };
  return (
    <Card withBorder padding="md">
      <Stack>
        <Title order={3} size="h4">
          {draft.page ? t.edit(draft.page.position) : t.newPage}
        </Title>
        <Radio.Group
          label={t.layout}
          value={String(draft.layout)}
          onChange={(value) => {
            const layout = Number(value) as EventLayout;
            setDraft({ ...draft, layout, photoIds: draft.photoIds.slice(0, layout) });
          }}
        >
          <Group mt="xs" gap="md">
            {EVENT_LAYOUTS.map((n) => (
              <Radio key={n} value={String(n)} label={t.layoutOption(n)} />
            ))}
          </Group>
        </Radio.Group>
        <div>
          <Text fw={500} size="sm">
            {t.pick}
          </Text>
          <Text size="xs" c="dimmed">
            {t.pickHint(draft.layout)} {t.picked(draft.photoIds.length, draft.layout)}
          </Text>
        </div>
        {photos.length === 0 ? (
          <Text c="dimmed">{t.noPhotos}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
            {photos.map((photo) => {
              const order = draft.photoIds.indexOf(photo.id);
              const picked = order >= 0;
              return (
                <UnstyledButton
                  key={photo.id}
                  aria-pressed={picked}
                  aria-label={t.pickPhoto(captionOf(photo))}
                  disabled={!picked && full}
                  onClick={() => toggle(photo.id)}
                  style={{
                    border: `2px solid ${picked ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
                    borderRadius: 6,
                    opacity: !picked && full ? 0.5 : 1,
                    minWidth: 0,
                  }}
                >
                  <Box pos="relative">
                    <Image src={photo.thumbUrl} alt="" radius="sm" h={90} fit="cover" />
                    {picked && (
                      <Badge pos="absolute" top={4} left={4} size="sm">
                        {order + 1}
                      </Badge>
                    )}
                  </Box>
                  <Text size="xs" lineClamp={2} px={4} style={{ overflowWrap: 'anywhere' }}>
                    {captionOf(photo)}
                  </Text>
                  {photo.tagged > 0 && (
                    <Text size="xs" c="dimmed" px={4}>
                      {t.tagged(photo.tagged)}
                    </Text>
                  )}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {t.preview}
          </Text>
          <PagePreview layout={draft.layout} photoIds={draft.photoIds} photos={byId} label={t.preview} />
        </Stack>
        <Group>
          <Button onClick={() => void submit()} loading={add.isPending || save.isPending} disabled={draft.photoIds.length === 0}>
            {t.save}
          </Button>
          {draft.page && (
            <Button variant="default" onClick={() => setDraft({ page: null, layout: draft.layout, photoIds: [] })}>
              {t.cancelEdit}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function IconButton({ label, onClick, children, disabled }: { label: string; onClick: () => void; children: React.ReactNode; disabled?: boolean }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function EventPagesPage({ albumId }: { albumId: number }) {
  const pages = useAlbumPages(albumId);
  const reorder = useReorderPages(albumId);
  const remove = useRemovePage();
  const [draft, setDraft] = useState<Draft>({ page: null, layout: 2, photoIds: [] });
  return (
    <Stack>
      <PageHeader title={pages.data ? t.pagesOf(pages.data.album.name) : t.title} />
      <Loaded query={pages}>
        {(data) => {
          const byId = new Map(data.photos.map((p) => [p.id, p]));
          const move = async (from: number, to: number) => {
            const ids = data.items.map((p) => p.id);
            const [moved] = ids.splice(from, 1);
            if (moved === undefined) return;
            ids.splice(to, 0, moved);
            if (await reorder.mutateAsync(ids)) toast('success', t.reordered);
          };
          const drop = async (page: EventPage, n: number) => {
            if (!(await confirmAction({ message: t.removeConfirm, confirmLabel: t.remove(n), danger: true }))) return;
            if (await remove.mutateAsync(page.id)) toast('success', t.removed);
            if (draft.page?.id === page.id) setDraft({ page: null, layout: draft.layout, photoIds: [] });
          };
          return (
            <Stack>
              <PageEditor key={draft.page?.id ?? 'new'} albumId={albumId} photos={data.photos} draft={draft} setDraft={setDraft} />
              {data.items.length === 0 ? (
                <EmptyState description={t.noPages} />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {data.items.map((page, i) => {
                    const n = i + 1;
                    return (
                      <Card key={page.id} withBorder padding="sm" aria-label={t.page(n)} component="section">
                        <Stack gap="xs">
                          <Group justify="space-between" wrap="nowrap">
                            <Text fw={600}>{t.page(n)}</Text>
                            <Group gap={4} wrap="nowrap">
                              <IconButton label={t.moveUp(n)} disabled={i === 0} onClick={() => void move(i, i - 1)}>
                                <IconArrowUp size={16} />
                              </IconButton>
                              <IconButton label={t.moveDown(n)} disabled={i === data.items.length - 1} onClick={() => void move(i, i + 1)}>
                                <IconArrowDown size={16} />
                              </IconButton>
                              <IconButton
                                label={t.edit(n)}
                                onClick={() =>
                                  setDraft({
                                    page: { ...page, position: n },
                                    layout: page.layout as EventLayout,
                                    photoIds: page.photoIds.filter((id) => byId.has(id)),
                                  })
                                }
                              >
                                <IconPencil size={16} />
                              </IconButton>
                              <IconButton label={t.remove(n)} onClick={() => void drop(page, n)}>
                                <IconTrash size={16} />
                              </IconButton>
                            </Group>
                          </Group>
                          <Text size="sm" c="dimmed">
                            {t.layoutOption(page.layout)}
                          </Text>
                          <PagePreview layout={page.layout as EventLayout} photoIds={page.photoIds} photos={byId} label={t.page(n)} />
                          {page.photoIds.map((id) => (
                            <Text key={id} size="xs" style={{ overflowWrap: 'anywhere' }}>
                              {captionOf(byId.get(id))}
                            </Text>
                          ))}
                        </Stack>
                      </Card>
                    );
                  })}
                </SimpleGrid>
              )}
            </Stack>
          );
        }}
      </Loaded>
    </Stack>
  );
}
