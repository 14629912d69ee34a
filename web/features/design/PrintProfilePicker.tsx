/**
 * The studio's ICC profile for FOGRA51: the one stored, or a file picked to go up with the form's
 * "Kaydet". Only the size is checked here (browsers give .icc files no reliable type); the server
 * reads the profile's header and refuses anything but a CMYK output profile.
 */
import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { useState } from 'react';
import { PRINT_PROFILE_MAX_MB, type PrintProfile } from '../../../common/schemas/design';
import { tr } from '../../../common/tr';

const t = tr.design;
const kb = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

export function PrintProfilePicker(props: { current: PrintProfile | null; picked: File | null; onPick(file: File | null): void; onRemove(): void }) {
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    const tooLarge = file.size > PRINT_PROFILE_MAX_MB * 1024 * 1024;
    setError(tooLarge ? t.printProfileTooLarge(PRINT_PROFILE_MAX_MB) : null);
    if (!tooLarge) props.onPick(file);
  };
  const shown = props.picked
    ? t.printProfileSize(props.picked.name, kb(props.picked.size))
    : props.current && t.printProfileSize(props.current.description, kb(props.current.bytes));
  return (
    <Stack gap="xs" role="group" aria-label={t.printProfile}>
      <Text size="sm" fw={500}>
        {t.printProfile}
      </Text>
      {shown ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="print-profile">
          {shown}
        </Text>
      ) : (
        <Alert color="yellow">{t.printProfileMissing}</Alert>
      )}
      <Group gap="xs" wrap="wrap">
        <FileButton accept=".icc,.icm,application/vnd.iccprofile" onChange={choose}>
          {(buttonProps) => (
            <Button variant="default" leftSection={<IconFileDescription size={16} />} {...buttonProps}>
              {t.choosePrintProfile}
            </Button>
          )}
        </FileButton>
        {props.picked ? (
          <Button variant="subtle" size="xs" onClick={() => props.onPick(null)}>
            {tr.studio.cancelPick}
          </Button>
        ) : props.current ? (
          <Button variant="subtle" color="red" onClick={props.onRemove}>
            {t.removePrintProfile}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ?? t.printProfileHint(PRINT_PROFILE_MAX_MB)}
      </Text>
    </Stack>
  );
}
