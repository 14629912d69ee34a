/** A student's photos: the lightbox over them, choosing the portrait, deleting, adding new ones. */
import { ActionIcon, Alert, Badge, Card, Center, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import type { StudentItem } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { lightboxAttributes, useLightbox, useLightboxOpen } from '../../components/lightbox';
import { PhotoPicker } from '../../components/photos/PhotoPicker';
import { toast } from '../../toast';
import { sendStudentPhoto, usePhotoAction, useStudentPhotos, useStudentsRefresh } from './api';
import { captionOf, photoSlug } from './slides';

const t = tr.students;

export function PhotosDialog({ branchId, student, onClose }: { branchId: number; student: StudentItem | null; onClose(): void }) {
  const lightboxOpen = useLightboxOpen();
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      closeOnEscape={!lightboxOpen}
      title={student ? `${t.photos.title} · ${student.firstName} ${student.lastName}` : ''}
      size="xl"
    >
      {student ? <StudentPhotos branchId={branchId} student={student} /> : null}
    </Modal>
  );
}

function StudentPhotos({ branchId, student }: { branchId: number; student: StudentItem }) {
  const photos = useStudentPhotos(student.id);
  const action = usePhotoAction(branchId, student.id);
  const refresh = useStudentsRefresh();
  const container = useRef<HTMLDivElement>(null);
  useLightbox(container, photos.data);
  const group = photoSlug(student);

  const send = (file: File, onProgress: (f: number) => void, signal: AbortSignal) => sendStudentPhoto(student.id, file, onProgress, signal);
  const finished = async ({ sent, failed }: { sent: number; failed: number }) => {
    if (failed) toast('warning', t.photos.uploadSummary(sent, failed));
    else toast('success', t.photos.uploaded(sent));
    if (sent) await refresh.photosSent(branchId, student.id);
  };
  const run = async (id: number, kind: 'portrait' | 'delete') => {
    if (kind === 'delete' && !(await confirmAction({ message: tr.areYouSure }))) return;
    await attempt(() => action.mutateAsync({ id, action: kind }), kind === 'portrait' ? t.photos.portraitSet : tr.deleted);
  };

  let body;
  if (photos.isLoading)
    body = (
      <Center py="md">
        <Loader aria-label={tr.loading} />
      </Center>
    );
  else if (photos.isError)
    body = (
      <Alert color="red" title={tr.error.title}>
        {tr.error.description}
      </Alert>
    );
  else if (!photos.data?.items.length) body = <Text c="dimmed">{t.photos.none}</Text>;
  else
    body = (
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {photos.data.items.map((p, i) => (
          <Card key={p.id} padding="xs" withBorder>
            <a
              href={p.photoUrl}
              {...lightboxAttributes(group, {
                src: p.photoUrl,
                type: 'image',
                caption: captionOf(student, i + 1),
                thumbSrc: p.thumbUrl,
                downloadSrc: p.downloadUrl,
                downloadFilename: `${student.schoolNumber}-${i + 1}.jpg`,
              })}
              aria-label={t.photos.openPhoto(`${student.firstName} ${student.lastName} ${i + 1}`)}
            >
              {/* Whole, not cropped: a portrait stays a portrait in its tile. */}
              <Image src={p.thumbUrl} alt="" h={120} fit="contain" radius="sm" bg="var(--mantine-color-default-hover)" />
            </a>
            <Group justify="space-between" mt={6} gap={4}>
              {p.isPortrait ? (
                <Badge size="sm">{t.photos.portrait}</Badge>
              ) : (
                <Tooltip label={t.photos.setPortrait}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t.photos.setPortrait}: ${i + 1}`}
                    onClick={() => void run(p.id, 'portrait')}
                    loading={action.isPending && action.variables?.id === p.id}
                  >
                    <IconStar size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              <ActionIcon variant="subtle" color="red" aria-label={`${tr.words.delete}: ${i + 1}`} onClick={() => void run(p.id, 'delete')}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack>
      <div ref={container}>{body}</div>
      <PhotoPicker send={send} onFinished={finished} />
    </Stack>
  );
}
