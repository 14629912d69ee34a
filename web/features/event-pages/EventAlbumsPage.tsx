/** The albums of the caller's scope, each with how many of its photos and pages the book has: the way into an album's event pages. */
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Loaded } from '../../components/QueryState';
import { useEventAlbums } from './api';

const t = tr.eventPages;

export function EventAlbumsPage() {
  const albums = useEventAlbums();
  return (
    <Stack>
      <PageHeader title={t.title} />
      <Loaded query={albums}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState description={t.noAlbums} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.items.map((album) => (
                <Card key={album.id} withBorder padding="md">
                  <Stack gap={6}>
                    <Anchor component={Link} to={`/event-pages/${album.id}`} fw={600} aria-label={t.openAlbum(album.name)} style={{ overflowWrap: 'anywhere' }}>
                      {album.name}
                    </Anchor>
                    {album.eventDate && (
                      <Text size="sm" c="dimmed">
                        {displayDate(album.eventDate)}
                      </Text>
                    )}
                    <Group gap="xs">
                      <Badge variant="light">{t.pageCount(album.pages)}</Badge>
                      <Badge variant="light" color="gray">
                        {t.photoCount(album.photos)}
                      </Badge>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )
        }
      </Loaded>
    </Stack>
  );
}
