/** The live preview: one yearbook page of a real student, drawn with the settings being edited. */
import { Avatar, Box, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { DesignSettings, PreviewStudent } from '../../../common/schemas/design';
import { tr } from '../../../common/tr';

const FONTS: Record<DesignSettings['fontPair'], { heading: string; body: string }> = {
  'inter-merriweather': { heading: 'Inter, "Helvetica Neue", Arial, sans-serif', body: 'Merriweather, Georgia, serif' },
  'poppins-lora': { heading: 'Poppins, "Segoe UI", sans-serif', body: 'Lora, Georgia, serif' },
  'nunito-playfair': { heading: '"Playfair Display", "Times New Roman", serif', body: 'Nunito, "Trebuchet MS", sans-serif' },
};
const RADIUS: Record<DesignSettings['photoShape'], string> = { square: '0', rounded: '16px', circle: '50%' };

export function YearbookPage({ settings, student }: { settings: DesignSettings; student: PreviewStudent }) {
  const fonts = FONTS[settings.fontPair];
  const modern = settings.template === 'modern';
  const pastel = settings.template === 'pastel';
  const page: CSSProperties = {
    fontFamily: fonts.body,
    background: pastel ? `color-mix(in srgb, ${settings.accentColor} 12%, white)` : 'white',
    borderTop: modern ? undefined : `6px solid ${settings.primaryColor}`,
    borderLeft: modern ? `10px solid ${settings.primaryColor}` : undefined,
  };
  const name = `${student.firstName} ${student.lastName}`;
  const messages = settings.showMessages ? student.messages.slice(0, settings.messagesPerPage) : [];
  return (
    <Paper withBorder shadow="sm" radius="sm" p="md" style={page} data-template={settings.template}>
      <Stack gap="md">
        {settings.coverImageUrl ? <Image src={settings.coverImageUrl} alt={tr.design.coverImage} h={90} radius="sm" fit="cover" /> : null}
        <Box style={{ display: 'flex', flexDirection: modern ? 'row' : 'column', alignItems: 'center', gap: 16, textAlign: modern ? 'left' : 'center' }}>
          <Avatar
            src={student.photoUrl}
            alt={name}
            size={110}
            color="gray"
            styles={{ root: { borderRadius: RADIUS[settings.photoShape], border: `3px solid ${settings.accentColor}` } }}
            data-shape={settings.photoShape}
          >
            {student.firstName.charAt(0)}
            {student.lastName.charAt(0)}
          </Avatar>
          <Stack gap={2}>
            <Title order={3} style={{ fontFamily: fonts.heading, color: settings.primaryColor }} data-testid="preview-name">
              {name}
            </Title>
            {settings.showNickname && student.nickname ? (
              <Text fw={600} style={{ color: settings.accentColor }} data-testid="preview-nickname">
                “{student.nickname}”
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {student.schoolName} · {student.branchName}
            </Text>
          </Stack>
        </Box>
        {settings.showQuote && student.quote ? (
          <Text fs="italic" ta={modern ? 'left' : 'center'} data-testid="preview-quote">
            {student.quote}
          </Text>
        ) : null}
        {settings.showMessages ? (
          messages.length ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="preview-messages">
              {messages.map((m) => (
                <Paper key={m.id} p="xs" radius="sm" style={{ borderLeft: `3px solid ${settings.accentColor}`, background: 'rgba(255,255,255,0.7)' }}>
                  <Text size="sm">{m.body}</Text>
                  <Text size="xs" c="dimmed" ta="right">
                    — {m.authorName}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              {tr.design.previewNoMessages}
            </Text>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
