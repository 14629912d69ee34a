/**
 * How long a list takes to draw, as the browser test and `bench/render.ts` time it: from the moment
 * the list's answer has been read to the paint of the frame that shows its last expected row (the
 * first task after the animation frame that follows the row's insertion). The page stamps both
 * moments itself; the caller waits for them with one call, so no polling of the page runs meanwhile.
 * The functions sent to the page name no inner function: tsx (the benchmarks' loader) would wrap a
 * named one in a helper call that exists only in Node.
 */
import type { Page } from '@playwright/test';

interface Stamps {
  arrived?: number;
  drawn?: number;
}

/** From the next load of `page` on: stamps the first answer whose URL matches `answer`, and the paint of its `rows`-th table row. */
export async function stampListDraw(page: Page, answer: RegExp, rows: number) {
  await page.addInitScript(
    ({ source, rows }) => {
      const stamps = ((window as unknown as { listDraw: Stamps }).listDraw = {} as Stamps);
      const answerUrl = new RegExp(source);
      const fetchOriginal = window.fetch.bind(window);
      window.fetch = async (...args) => {
        const response = await fetchOriginal(...args);
        if (answerUrl.test(String(args[0] instanceof Request ? args[0].url : args[0]))) {
          void response
            .clone()
            .text()
            .then(() => (stamps.arrived ??= performance.now()));
        }
        return response;
      };
      new MutationObserver((_, observer) => {
        if (document.querySelectorAll('main table tbody tr').length >= rows) {
          observer.disconnect();
          requestAnimationFrame(() => {
            const painted = new MessageChannel();
            painted.port1.onmessage = () => (stamps.drawn = performance.now());
            painted.port2.postMessage(null);
          });
        }
      }).observe(document, { childList: true, subtree: true });
    },
    { source: answer.source, rows },
  );
}

/** Milliseconds from the answer to the painted frame, once both are stamped (after a load that `stampListDraw` watches). */
export async function listDrawMs(page: Page): Promise<number> {
  return await page.evaluate(async () => {
    const stamps = (window as unknown as { listDraw: Stamps }).listDraw;
    while (stamps.drawn === undefined || stamps.arrived === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    return stamps.drawn - stamps.arrived;
  });
}
