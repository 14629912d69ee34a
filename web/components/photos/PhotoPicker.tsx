/**
 * Photo selection: picking files yields items with `file` and `image` (a data URL),
 * shown as previews that can be removed before upload; the upload goes through the call
 * helper's form-data mode with a progress bar.
 */
import { ActionIcon, Button, FileButton, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { LeaveGuard } from '../LeaveGuard';

export interface PickedPhoto {
  file: File;
  image: string;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

async function pickPhotos(files: File[]): Promise<PickedPhoto[]> {
  return Promise.all(files.map(async (file) => ({ file, image: await readAsDataUrl(file) })));
}

export function PhotoPicker({
  upload,
  pickLabel = tr.students.photos.pick,
  hint,
}: {
  /** Sends the picked files; answers whether it worked. */
  upload(form: FormData, onProgress: (fraction: number) => void): Promise<boolean>;
  pickLabel?: string;
  hint?: string;
}) {
  const [items, setItems] = useState<PickedPhoto[]>([]);
  const [progress, setProgress] = useState<number | null>(null);

  const add = async (files: File[]) => {
    const picked = await pickPhotos(files);
    setItems((current) => [...current, ...picked]);
  };
  const send = async () => {
    if (!items.length) return;
    const form = new FormData();
    for (const item of items) form.append('files', item.file, item.file.name);
    setProgress(0);
    const ok = await upload(form, setProgress);
    setProgress(null);
    if (ok) setItems([]);
  };

  return (
    <Stack gap="sm">
      {progress !== null ? <LeaveGuard /> : null}
      <Group gap="sm">
        <FileButton onChange={(files) => void add(files)} accept="image/jpeg,image/png,image/webp,image/heic,image/heif" multiple>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhotoPlus size={16} />} disabled={progress !== null}>
              {pickLabel}
            </Button>
          )}
        </FileButton>
        <Button leftSection={<IconUpload size={16} />} onClick={() => void send()} disabled={!items.length} loading={progress !== null}>
          {tr.students.photos.upload}
        </Button>
      </Group>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {progress !== null ? <Progress value={Math.round(progress * 100)} aria-label={tr.students.photos.uploading} striped animated /> : null}
      {items.length ? (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" role="list" aria-label={tr.students.photos.previews}>
          {items.map((item, index) => (
            <div key={`${item.file.name}-${index}`} role="listitem" aria-label={item.file.name} style={{ position: 'relative' }}>
              <Image src={item.image} alt={item.file.name} h={90} fit="cover" radius="sm" />
              <ActionIcon
                size="sm"
                color="red"
                variant="filled"
                style={{ position: 'absolute', top: 4, right: 4 }}
                aria-label={`${tr.students.photos.removePreview}: ${item.file.name}`}
                onClick={() => setItems((current) => current.filter((_, i) => i !== index))}
                disabled={progress !== null}
              >
                <IconX size={14} />
              </ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
