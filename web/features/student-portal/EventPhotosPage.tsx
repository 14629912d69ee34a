/**
 * The event photos the student is tagged in (confirmed tags on approved album photos), a page at a
 * time, opening in the lightbox. Without the parents' digital photo consent the server answers
 * none and the page says why; the page number is in the URL, so back and a reload keep it.
 */
import { Image, Pagination, SimpleGrid, Text } from '@mantine/core';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { tr } from '../../../common/tr';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { useEventPhotos } from './api';
import { PortalPage } from './PortalPage';

const p = tr.student.portal;
/** The lightbox group (and URL hash slug) of these photos. */
const SLUG = 'etkinlik-fotograflarim';
/** Eight rows of three on a phone: a page loads quickly on a slow connection. */
const PER_PAGE = 24;

export function EventPhotosPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const query = useEventPhotos(page, PER_PAGE);
  const grid = useRef<HTMLDivElement>(null);
  useLightbox(grid, query.data?.items);

  return (
    <PortalPage title={p.eventPhotos} query={query}>
      {(answer) => {
        if (!answer.consented) return <Text role="status">{p.eventPhotosNoConsent}</Text>;
        if (answer.total === 0) return <Text c="dimmed">{p.eventPhotosNone}</Text>;
        const pages = Math.ceil(answer.total / PER_PAGE);
        return (
          <>
            <Text size="sm" c="dimmed">
              {p.eventPhotosHint}
            </Text>
            <SimpleGrid cols={3} spacing="xs" ref={grid}>
              {answer.items.map((photo, index) => {
                const n = (answer.page - 1) * PER_PAGE + index + 1;
                return (
                  <a
                    key={photo.id}
                    href={photo.photoUrl}
                    {...lightboxAttributes(SLUG, {
                      src: photo.photoUrl,
                      type: 'image',
                      caption: photo.caption ? `${photo.album} · ${photo.caption}` : photo.album,
                      thumbSrc: photo.thumbUrl,
                    })}
                    aria-label={p.openEventPhoto(n, photo.album)}
                  >
                    <Image src={photo.thumbUrl} alt="" radius="sm" fit="cover" style={{ aspectRatio: '1' }} />
                  </a>
                );
              })}
            </SimpleGrid>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => setParams({ page: String(next) })}
                size="sm"
                withEdges={false}
                getControlProps={(control) => ({ 'aria-label': control === 'next' ? tr.pager.next : control === 'previous' ? tr.pager.previous : control })}
                getItemProps={(item) => ({ 'aria-label': tr.pager.page(item) })}
              />
            ) : null}
          </>
        );
      }}
    </PortalPage>
  );
}
