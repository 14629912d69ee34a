import { Alert, Button, Code, CopyButton, Group, Modal, Text } from '@mantine/core';
import { tr } from '../../../common/tr';

const t = tr.organisation.manager;

/** A generated password, shown once: the server never answers it again. */
export function PasswordShown({ password, onClose }: { password: string | null; onClose(): void }) {
  return (
    <Modal opened={password !== null} onClose={onClose} title={t.generatedTitle}>
      <Alert color="yellow" mb="md">
        <Text size="sm">{t.generatedNote}</Text>
      </Alert>
      <Group justify="space-between">
        <Code fz="lg" data-testid="generated-password">
          {password}
        </Code>
        <CopyButton value={password ?? ''}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{tr.words.close}</Button>
      </Group>
    </Modal>
  );
}
