import { Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { tr } from '../../../common/tr';
import { imagePreview } from '../../components/photos/imagePreview';
import { toast } from '../../toast';

const MAX_BYTES = 500_000;
const t = tr.organisation.school;

/** Picks a logo image and shows it; the value is a data URL (or null for none). */
export function LogoPicker({ value, onChange, error }: { value: string | null; onChange(v: string | null): void; error?: string }) {
  const pick = async (file: File | null) => {
    if (!file) return;
    const image = /^image\/(png|jpeg|webp)$/.test(file.type) && file.size <= MAX_BYTES ? await imagePreview(file) : null;
    if (image) onChange(image);
    else toast('error', tr.organisation.validation.logo);
  };
  return (
    <Input.Wrapper label={t.logo} error={error}>
      <Group gap="sm" mt={4}>
        {value ? (
          <Image src={value} alt={t.logo} h={56} w={56} fit="contain" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
        <FileButton onChange={(file) => void pick(file)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              {t.pickLogo}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            {t.removeLogo}
          </Button>
        ) : null}
      </Group>
    </Input.Wrapper>
  );
}
