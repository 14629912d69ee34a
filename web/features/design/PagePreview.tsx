/**
 * The live preview: a real student's yearbook pages, drawn with the settings being edited — the
 * student's page with the first messages, then as many pages of messages as "messages per page"
 * makes of the rest — to swipe through like the book.
 */
import { Avatar, Box, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { DesignSettings, PreviewStudent } from '../../../common/schemas/design';
import { tr } from '../../../common/tr';
import { PageCarousel } from '../../components/lightbox';
import { CoverPreview } from './CoverPreview';
import { useFontPair } from './fonts';

const FONTS: Record<DesignSettings['fontPair'], { heading: string; body: string }> = {
  'inter-merriweather': { heading: 'Inter, "Helvetica Neue", Arial, sans-serif', body: 'Merriweather, Georgia, serif' },
  'poppins-lora': { heading: 'Poppins, "Segoe UI", sans-serif', body: 'Lora, Georgia, serif' },
  'nunito-playfair': { heading: '"Playfair Display", "Times New Roman", serif', body: 'Nunito, "Trebuchet MS", sans-serif' },
};
const RADIUS: Record<DesignSettings['photoShape'], string> = { square: '0', rounded: '16px', circle: '50%' };

type Message = PreviewStudent['messages'][number];

/** The student's messages cut into the book's pages; a page without messages when there are none. */
function messagePages(settings: DesignSettings, messages: Message[]): Message[][] {
  if (!settings.showMessages || !messages.length) return [[]];
  // While the field is being typed in it may hold nothing, 0 or a fraction: a step under 1 would never end.
  const perPage = Math.floor(Number(settings.messagesPerPage));
  if (!Number.isFinite(perPage) || perPage < 1) return [messages];
  const pages: Message[][] = [];
  for (let i = 0; i < messages.length; i += perPage) pages.push(messages.slice(i, i + perPage));
  return pages;
}

export function PagePreview({ settings, student }: { settings: DesignSettings; student: PreviewStudent }) {
  const pages = messagePages(settings, student.messages);
  const drawn = pages.map((messages, i) =>
    i === 0 ? (
      <StudentPage settings={settings} student={student} messages={messages} />
    ) : (
      <MessagesPage settings={settings} student={student} messages={messages} page={i + 1} total={pages.length} />
    ),
  );
  const fontsReady = useFontPair(settings.fontPair);
  return (
    <Stack gap="sm" data-fonts={fontsReady ?? 'loading'}>
      <CoverPreview settings={settings} student={student} headingFont={FONTS[settings.fontPair].heading} />
      <PageCarousel key={pages.length} label={tr.design.previewPages} pages={drawn} pageLabel={tr.design.previewPage} />
    </Stack>
  );
}

function pageStyle(settings: DesignSettings): CSSProperties {
  const modern = settings.template === 'modern';
  return {
    fontFamily: FONTS[settings.fontPair].body,
    background: settings.template === 'pastel' ? `color-mix(in srgb, ${settings.accentColor} 12%, white)` : 'white',
    borderTop: modern ? undefined : `6px solid ${settings.primaryColor}`,
    borderLeft: modern ? `10px solid ${settings.primaryColor}` : undefined,
    height: '100%',
  };
}

function Messages({ settings, messages }: { settings: DesignSettings; messages: Message[] }) {
  return (
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
  );
}

function StudentPage({ settings, student, messages }: { settings: DesignSettings; student: PreviewStudent; messages: Message[] }) {
  const fonts = FONTS[settings.fontPair];
  const modern = settings.template === 'modern';
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <Paper withBorder shadow="sm" radius="sm" p="md" style={pageStyle(settings)} data-template={settings.template}>
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
            <Messages settings={settings} messages={messages} />
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

/** A page that only continues the student's messages. */
function MessagesPage({
  settings,
  student,
  messages,
  page,
  total,
}: {
  settings: DesignSettings;
  student: PreviewStudent;
  messages: Message[];
  page: number;
  total: number;
}) {
  return (
    <Paper withBorder shadow="sm" radius="sm" p="md" style={pageStyle(settings)}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text fw={600} style={{ fontFamily: FONTS[settings.fontPair].heading, color: settings.primaryColor }}>
            {`${student.firstName} ${student.lastName} · ${tr.design.memoriesContinued}`}
          </Text>
          <Text size="xs" c="dimmed">
            {tr.design.previewPage(page, total)}
          </Text>
        </Group>
        <Messages settings={settings} messages={messages} />
      </Stack>
    </Paper>
  );
}
