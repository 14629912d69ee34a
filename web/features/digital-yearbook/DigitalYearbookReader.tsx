/**
 * The digital yearbook on a phone, for whoever reads it (a student, a parent): the final book's
 * pages in a grid, one by one or as the open book shows them, in the lightbox (zoom and swipe); a
 * name search that goes to a student's pages (through the lightbox's own `#slug-N` address); the
 * reader's own pages to download.
 */ import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import type { DigitalYearbook } from '../../../common/schemas/digitalYearbook';
import { searchKey } from '../../../common/text';
import { tr } from '../../../common/tr';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { PageViewSwitch, type PageView } from '../../components/PageViewSwitch';

const t = tr.digitalYearbook;
/** The lightbox groups, which are also the address's slugs: #yillik-5 is page 5, #yillik-acilim-3 the third spread. */
const PAGES = 'yillik';
const SPREADS = 'yillik-acilim';
/** The zoom copy of a page: the page proof's size (150 dpi of the A4 trim). */
const PAGE_ZOOM = { width: 1240, height: 1754 };
/** At most this many names listed under the search box. */
const SHOWN_MATCHES = 8;
/** The spread a page is on: page 1 alone opens the book, then 2–3, 4–5… */
const spreadOf = (page: number) => Math.floor(page / 2) + 1;

export function DigitalYearbookReader({ book }: { book: DigitalYearbook }) {
  const grid = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<PageView>('pages');
  const [query, setQuery] = useState('');
  useLightbox(grid, `${view}:${book.pages.length}`);
  const thumbOf = useMemo(() => new Map(book.pages.map((p) => [p.number, p.thumb])), [book.pages]);
  const matches = useMemo(() => {
    const key = searchKey(query);
    return key ? book.index.filter((entry) => searchKey(entry.name).includes(key)).slice(0, SHOWN_MATCHES) : [];
  }, [book.index, query]);
  const own = new Set(book.own.pages);
  const download = new Map(book.own.downloads.map((d) => [d.page, d]));
  const addressOf = (page: number) => (view === 'pages' ? `#${PAGES}-${page}` : `#${SPREADS}-${spreadOf(page)}`);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {book.title} · {t.pageCount(book.pages.length)}
      </Text>
      {book.own.downloads.length ? (
        <Group gap="xs">
          {book.own.downloads.map((d) => (
            <Button key={d.page} component="a" href={d.url} download={d.fileName} leftSection={<IconDownload size={16} />} size="sm">
              {book.own.downloads.length > 1 ? `${t.download} · ${t.pageLabel(d.page)}` : t.download}
            </Button>
          ))}
        </Group>
      ) : null}
      <TextInput
        label={t.search}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        type="search"
      />
      {query.trim() ? (
        matches.length ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.search}>
            {matches.map((entry) => (
              <li key={`${entry.name}-${entry.pages[0]}`}>
                <Anchor href={addressOf(entry.pages[0]!)}>
                  {entry.name} · {entry.branch} · {t.pagesOf(entry.pages)}
                </Anchor>
              </li>
            ))}
          </Stack>
        ) : (
          <Text size="sm">{t.noMatch}</Text>
        )
      ) : null}
      <PageViewSwitch label={t.title} value={view} onChange={setView} />
      <div ref={grid}>
        {view === 'pages' ? (
          <SimpleGrid cols={3} spacing="xs">
            {book.pages.map((page) => {
              const mine = download.get(page.number);
              return (
                <a
                  key={page.number}
                  href={page.src}
                  aria-label={t.pageLabel(page.number)}
                  {...lightboxAttributes(PAGES, {
                    src: page.src,
                    zoom: { src: page.zoom, ...PAGE_ZOOM },
                    type: 'image',
                    thumbSrc: page.thumb,
                    caption: `${book.title} · ${t.pageLabel(page.number)}`,
                    ...(mine ? { downloadSrc: mine.url, downloadFilename: mine.fileName } : { downloadSrc: page.zoom }),
                  })}
                  style={{ display: 'block', outline: own.has(page.number) ? '2px solid var(--mantine-primary-color-filled)' : undefined }}
                >
                  <img
                    src={page.thumb}
                    alt=""
                    width={240}
                    height={339}
                    style={{ width: '100%', height: 'auto', display: 'block', border: '1px solid var(--mantine-color-gray-3)' }}
                  />
                  <Text size="xs" ta="center">
                    {page.number}
                  </Text>
                </a>
              );
            })}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={2} spacing="xs">
            {book.spreads.map((spread) => (
              <a
                key={spread.first}
                href={spread.src}
                aria-label={t.spreadLabel(spread.first, spread.last)}
                {...lightboxAttributes(SPREADS, {
                  src: spread.src,
                  zoom: { src: spread.zoom, width: 2 * PAGE_ZOOM.width, height: PAGE_ZOOM.height },
                  type: 'image',
                  caption: `${book.title} · ${t.spreadLabel(spread.first, spread.last)}`,
                  downloadSrc: spread.zoom,
                })}
                style={{ display: 'block' }}
              >
                <Group gap={0} wrap="nowrap" justify={spread.first === 1 ? 'flex-end' : 'flex-start'}>
                  {[...new Set([spread.first, spread.last])].map((number) => (
                    <img key={number} src={thumbOf.get(number)} alt="" width={240} height={339} style={{ width: '50%', height: 'auto', display: 'block' }} />
                  ))}
                </Group>
                <Text size="xs" ta="center">
                  {t.spreadLabel(spread.first, spread.last)}
                </Text>
              </a>
            ))}
          </SimpleGrid>
        )}
      </div>
    </Stack>
  );
}
