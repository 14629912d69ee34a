/**
 * Draws a shared web piece for a component test the way the app does: under the panel's theme,
 * inside a router at a given address, with zod's Turkish messages; dropdowns and dialogs open at
 * once, without transitions (Mantine's test setting). jsdom lacks the browser calls
 * Mantine asks for (media queries, element sizes); they are given here, answering "a wide screen".
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { installTurkishZodMessages } from '../../common/zodTr';
import { themeOf } from '../theme';

installTurkishZodMessages();

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function () {};

afterEach(cleanup);

/** Renders `node` at `address`; `router.state.location` tells where the piece has since gone. */
export function renderAt(node: ReactNode, address = '/') {
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: [address] });
  const view = render(
    <MantineProvider theme={themeOf('#1c7ed6')} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...view, router, search: () => new URLSearchParams(router.state.location.search) };
}
