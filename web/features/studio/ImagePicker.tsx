/** Picks an image, previews it (a data URL) and uploads it in the call helper's form-data mode. */
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { tr } from '../../../common/tr';

export interface PickedImage {
  file: File;
  /** A data URL for the preview. */
  image: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function ImagePicker(props: {
  label: string;
  chooseLabel: string;
  hint: string;
  currentUrl: string | null;
  previewAlt: string;
  uploading: boolean;
  onUpload(picked: PickedImage): Promise<boolean>;
  size?: number;
}) {
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const shown = picked?.image ?? props.currentUrl;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="md" wrap="wrap">
        <Avatar src={shown} alt={props.previewAlt} size={props.size ?? 96} radius="md" color="gray">
          <IconPhoto size={32} aria-hidden />
        </Avatar>
        <Stack gap={6}>
          <FileButton accept="image/png,image/jpeg,image/webp" onChange={async (file) => file && setPicked({ file, image: await readAsDataUrl(file) })}>
            {(buttonProps) => (
              <Button variant="default" leftSection={<IconPhoto size={16} />} {...buttonProps}>
                {props.chooseLabel}
              </Button>
            )}
          </FileButton>
          {picked ? (
            <Button
              leftSection={<IconUpload size={16} />}
              loading={props.uploading}
              onClick={async () => {
                if (await props.onUpload(picked)) setPicked(null);
              }}
            >
              {tr.studio.upload}
            </Button>
          ) : null}
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
