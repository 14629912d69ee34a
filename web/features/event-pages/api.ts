/** Typed calls of the event pages screens, and what their writes make stale. */
import type { EventPageBody } from '../../../common/schemas/eventPages';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

export const useEventAlbums = () => useApiGet(keys.eventPages(), 'GET event-pages', {});

export const useAlbumPages = (albumId: number) => useApiGet(keys.eventPages(albumId), 'GET albums/:id/pages', { params: { id: albumId } });

export const useAddPage = (albumId: number) =>
  useApiMutation((body: EventPageBody) => call('POST albums/:id/pages', { params: { id: albumId }, body }), [keys.eventPages()]);

export const useSavePage = () =>
  useApiMutation(
    ({ id, body }: { id: number; body: EventPageBody & { version: number } }) => call('PUT album-pages/:id', { params: { id }, body }),
    [keys.eventPages()],
  );

export const useReorderPages = (albumId: number) =>
  useApiMutation((ids: number[]) => call('PUT albums/:id/pages/order', { params: { id: albumId }, body: { ids } }), [keys.eventPages()]);

export const useRemovePage = () => useApiMutation((id: number) => call('DELETE album-pages/:id', { params: { id } }), [keys.eventPages()]);
