/** The book's cover as the preview shows it: the design's cover image to the edges, the school's name on it. */
import { Box, Paper, Text } from '@mantine/core';
import type { DesignSettings, PreviewStudent } from '../../../common/schemas/design';
import { tr } from '../../../common/tr';

export function CoverPreview({ settings, student, headingFont }: { settings: DesignSettings; student: PreviewStudent; headingFont: string }) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="sm"
      data-testid="preview-cover"
      aria-label={tr.yearbook.coverPreview}
      style={{
        aspectRatio: '210 / 297',
        maxHeight: 260,
        marginInline: 'auto',
        display: 'grid',
        placeItems: 'center',
        backgroundColor: settings.primaryColor,
        backgroundImage: settings.coverImageUrl ? `url("${settings.coverImageUrl}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      {/* Dark text on the pale label reads on any colour; the studio's colour marks the label's edge. */}
      <Box
        p="xs"
        m="sm"
        style={{ background: 'rgba(255,255,255,0.92)', borderRadius: 6, borderTop: `3px solid ${settings.primaryColor}`, textAlign: 'center' }}
      >
        <Text fw={700} size="sm" style={{ fontFamily: headingFont }}>
          {student.schoolName}
        </Text>
        <Text size="xs" style={{ fontFamily: headingFont }}>
          {tr.yearbook.book.yearbook}
        </Text>
      </Box>
    </Paper>
  );
}
