/**
 * Picks an image and previews it (a data URL). The form it sits in sends the picked file with
 * its own "Kaydet", so one save saves everything the form shows. Type and size are checked here
 * first, so a file the server would refuse is not sent at all.
 */
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { imagePreview } from '../../components/photos/imagePreview';

export interface PickedImage {
  file: File;
  /** A data URL for the preview. */
  image: string;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Why a file cannot be sent as an image of at most `maxMb` MB, or null when it can. */
function refusalOf(file: File, maxMb: number): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return tr.studio.notImage;
  if (file.size > maxMb * 1024 * 1024) return tr.studio.tooLarge(maxMb);
  return null;
}

export function ImagePicker(props: {
  label: string;
  chooseLabel: string;
  hint: string;
  currentUrl: string | null;
  previewAlt: string;
  maxMb: number;
  picked: PickedImage | null;
  onPick(picked: PickedImage | null): void;
  size?: number;
}) {
  const [error, setError] = useState<string | null>(null);
  const shown = props.picked?.image ?? props.currentUrl;
  const choose = async (file: File | null) => {
    if (!file) return;
    const refusal = refusalOf(file, props.maxMb);
    // A file the browser cannot show is no image: refused here, before anything is sent.
    const image = refusal ? null : await imagePreview(file);
    setError(refusal ?? (image ? null : tr.studio.notImage));
    if (image) props.onPick({ file, image });
  };
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
          <FileButton accept={IMAGE_TYPES.join(',')} onChange={(file) => void choose(file)}>
            {(buttonProps) => (
              <Button variant="default" leftSection={<IconPhoto size={16} />} {...buttonProps}>
                {props.chooseLabel}
              </Button>
            )}
          </FileButton>
          {props.picked ? (
            <Button variant="subtle" size="xs" onClick={() => props.onPick(null)} style={{ alignSelf: 'flex-start' }}>
              {tr.studio.cancelPick}
            </Button>
          ) : null}
          <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? props.hint}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
