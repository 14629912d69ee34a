/**
 * The image and media lightbox: `@fancyapps/ui` 5.0.20, kept behind this one module so screens
 * never import the library and it can be replaced (its licence is not open source; see README).
 * The library's defaults already are the behaviour we want (idle 3 500 ms, slideshow 3 000 ms,
 * compact ≤ 578 px, keys, thumbnails from 2, dots, 150 ms throttle, drag to close, 16/9 video,
 * 1 000-character alt text, its own English messages), so they are not set again here.
 *
 * Captions: the library inserts them as HTML, so the caption option escapes every caption as it
 * is shown — callers pass plain text (names, quotes) and it always shows as text. The slide keeps
 * the plain text, from which the library makes the image's alt text (tags dropped, cut at 1 000
 * characters), so a screen reader hears "Türkiye'nin", not "Türkiye&#39;nin".
 * Hash: the library's Hash plugin writes `#slug` / `#slug-N` with history.pushState /
 * replaceState and listens to hashchange; the router only sees hash changes, which do not
 * re-run loaders, so the page and its list state stay.
 */
import { Fancybox } from '@fancyapps/ui';
import '@fancyapps/ui/dist/fancybox/fancybox.css';
import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import { escapeHtml } from '../../../common/text';
import { tr } from '../../../common/tr';

/** One slide of the lightbox. */
export interface LightboxSlide {
  src: string;
  type?: 'image' | 'video' | 'iframe' | 'ajax' | 'html';
  /** Plain text; escaped when the library shows it. */
  caption?: string;
  thumbSrc?: string;
  /**
   * A larger copy of `src`, shown once the slide is zoomed in (a phone opens the light one first),
   * with its size in pixels: the size the slide zooms up to.
   */
  zoom?: { src: string; width: number; height: number };
  downloadSrc?: string;
  downloadFilename?: string;
  slug?: string;
}

/** The data attributes that make an element open `slide` in the lightbox, grouped by `group` (the hash slug). */
export function lightboxAttributes(group: string, slide: LightboxSlide): Record<string, string> {
  const attrs: Record<string, string> = { 'data-fancybox': group, 'data-src': slide.src };
  if (slide.type) attrs['data-type'] = slide.type;
  if (slide.caption) attrs['data-caption'] = slide.caption;
  if (slide.thumbSrc) attrs['data-thumb-src'] = slide.thumbSrc;
  if (slide.zoom) {
    attrs['data-zoom-src'] = slide.zoom.src;
    attrs['data-width'] = String(slide.zoom.width);
    attrs['data-height'] = String(slide.zoom.height);
  }
  if (slide.downloadSrc) attrs['data-download-src'] = slide.downloadSrc;
  if (slide.downloadFilename) attrs['data-download-filename'] = slide.downloadFilename;
  if (slide.slug) attrs['data-slug'] = slide.slug;
  return attrs;
}

// Whether a lightbox is open, so a dialog it was opened from can leave Escape to it.
let open = false;
const watchers = new Set<() => void>();
const setOpen = (value: boolean) => {
  open = value;
  for (const watcher of watchers) watcher();
};

/** True while a lightbox is open (a dialog passes `closeOnEscape={!open}`). */
export function useLightboxOpen(): boolean {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => open,
  );
}

interface SlideZoom {
  scale: number;
  on(event: 'afterTransform', listener: (panzoom: SlideZoom) => void): void;
}

interface ZoomedSlide {
  zoomSrc?: string;
  imageEl?: HTMLImageElement;
  panzoom?: SlideZoom;
}

/** Once a slide is zoomed in beyond the screen, its larger copy takes the place of the light one (same proportions, so nothing moves). */
function showZoomCopy(slide: ZoomedSlide, panzoom: SlideZoom) {
  const image = slide.imageEl;
  if (!slide.zoomSrc || !image || panzoom.scale <= 1 || image.getAttribute('src') === slide.zoomSrc) return;
  image.src = slide.zoomSrc;
}

/**
 * Only what differs from the library's defaults: escaped captions, a download button in the
 * toolbar, the open state above, and Turkish names for the buttons (the messages stay English).
 */
const options = {
  l10n: tr.lightbox.buttons,
  Carousel: { l10n: tr.lightbox.carousel },
  Thumbs: { Carousel: { l10n: tr.lightbox.carousel } },
  caption: (_lightbox: unknown, _slide: unknown, caption?: string) => escapeHtml(caption ?? ''),
  on: {
    init: () => setOpen(true),
    destroy: () => setOpen(false),
    // A slide shown: its own zoom and pan (not the carousel's track) is watched for zooming in.
    done: (_lightbox: unknown, slide: ZoomedSlide) => slide.panzoom?.on('afterTransform', (panzoom) => showZoomCopy(slide, panzoom)),
  },
  Toolbar: {
    display: {
      left: ['infobar'],
      middle: [],
      right: ['slideshow', 'thumbs', 'download', 'close'],
    },
  },
};

interface HashPlugin {
  startFromUrl(): void;
}

/**
 * Binds the lightbox to every `[data-fancybox]` inside `container`. `contentKey` changes when
 * the slides shown change (e.g. a list page loaded): then, 500 ms later, a `#slug-N` in the
 * URL opens its slide (the library's own opener ran before the list had rendered).
 */
export function useLightbox(container: RefObject<HTMLElement | null>, contentKey: unknown) {
  // Bound again when the content changes, in case the container element appeared only then.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    Fancybox.bind(element, '[data-fancybox]', options as never);
    return () => Fancybox.unbind(element);
  }, [container, contentKey]);

  // Leaving the screen closes an open lightbox.
  useEffect(() => () => Fancybox.close(), []);

  useEffect(() => {
    if (!contentKey || !window.location.hash) return;
    const timer = setTimeout(() => {
      if (Fancybox.getInstance()) return;
      const hash = (Fancybox as unknown as { Plugins: { Hash?: HashPlugin } }).Plugins.Hash;
      hash?.startFromUrl();
    }, 500);
    return () => clearTimeout(timer);
  }, [contentKey]);
}

export { PageCarousel } from './PageCarousel';
