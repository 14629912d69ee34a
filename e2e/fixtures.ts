/**
 * The `test` every browser test uses: Playwright's, with the address of the worker's own server,
 * plus two watches on every page it opens.
 *
 * - Content Security Policy violations: a page that breaks the policy fails the test that opened
 *   it, so every screen the tests visit is proven to work under the headers the server sends.
 * - Images: an `<img>` that fails to load, on any page and at any moment of the test (each
 *   navigation included), fails the test; and when the test ends, every image still on its pages
 *   must have loaded (complete, with a natural width); only an image with no source yet (a lazy
 *   slide off screen) is passed over. Contexts a test opens itself (a student's phone, a second
 *   staff member) are watched the same way. A test that breaks images on purpose checks the
 *   `brokenImages` it is given and empties it.
 */
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { serverUrl } from '../playwright.config';

/** Notes, in `broken`, every image of the context's pages that fails to load. */
async function watchImages(context: BrowserContext, broken: string[]): Promise<void> {
  await context.exposeBinding('__reportBrokenImage', (source, src: string) => void broken.push(`${src} on ${source.page.url()}`));
  await context.addInitScript(() => {
    // Load errors do not bubble: caught on the way down, for every image the page ever shows.
    document.addEventListener(
      'error',
      (event) => {
        if (!(event.target instanceof HTMLImageElement)) return;
        const report = (window as unknown as { __reportBrokenImage?: (src: string) => void }).__reportBrokenImage;
        report?.(event.target.currentSrc || event.target.src || '(no src)');
      },
      true,
    );
  });
}

/** The images of the open pages that have not loaded (still loading, broken, or empty). */
async function unloadedImages(contexts: BrowserContext[]): Promise<string[]> {
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  const found = await Promise.all(
    pages.map((page) =>
      page
        .evaluate(() =>
          [...document.images]
            // An image with no source yet (the lightbox's lazy slides off screen) asks for nothing.
            .filter((image) => image.getAttribute('src') && !(image.complete && image.naturalWidth > 0))
            .map((image) => image.currentSrc || image.src),
        )
        .catch(() => [] as string[]),
    ),
  );
  return found.flat();
}

export const test = base.extend<{ cspViolations: string[]; brokenImages: string[] }>({
  // Each worker has a server and a database of its own (playwright.config.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
          report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await use(violations);
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  brokenImages: [
    async ({ context, browser }, use) => {
      const broken: string[] = [];
      const contexts = [context];
      await watchImages(context, broken);
      // Contexts the test opens itself are watched too, for the length of the test.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const opened = await newContext(...args);
        await watchImages(opened, broken);
        contexts.push(opened);
        return opened;
      };
      try {
        await use(broken);
      } finally {
        browser.newContext = newContext;
      }
      expect(broken, 'images that failed to load').toEqual([]);
      await expect.poll(() => unloadedImages(contexts), { message: 'images on the last pages that have not loaded' }).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * What a test made for itself (a school with its branch and students) and removes through the API
 * after it, passed or failed: the test sets `remove` once the thing exists.
 */
export function removedAfterEach(): { remove: ((api: APIRequestContext) => Promise<void>) | null } {
  const made = { remove: null as ((api: APIRequestContext) => Promise<void>) | null };
  test.afterEach(async ({ request }) => {
    await made.remove?.(request);
    made.remove = null;
  });
  return made;
}
