/**
 * Pages to swipe through (the yearbook preview's pages), with `@fancyapps/ui` 5.0.20's Carousel,
 * kept in this module with the lightbox so no screen imports the library. Its defaults are the
 * behaviour we want — dots from 2 pages, dynamic dots from 11, next/prev throttled to 150 ms —
 * so they are not set again here.
 *
 * React renders the viewport, track and slides; the carousel only moves the track and adds its
 * dots and arrows. The parent gives it a `key` that changes with the number of pages, so a new
 * page count mounts a new carousel instead of the library and React both moving slides.
 */
import { Carousel } from '@fancyapps/ui';
import '@fancyapps/ui/dist/carousel/carousel.css';
import { useEffect, useRef, type ReactNode } from 'react';
import { tr } from '../../../common/tr';

export function PageCarousel({ label, pages, pageLabel }: { label: string; pages: ReactNode[]; pageLabel(page: number, total: number): string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // A book's pages do not wrap around from the last to the first.
    const carousel = new Carousel(element, { infinite: false, l10n: tr.lightbox.carousel });
    return () => carousel.destroy();
  }, []);
  return (
    <div ref={container} className="f-carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="f-carousel__viewport">
        <div className="f-carousel__track">
          {pages.map((page, i) => (
            <div key={i} className="f-carousel__slide" role="group" aria-roledescription="slide" aria-label={pageLabel(i + 1, pages.length)}>
              {page}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
