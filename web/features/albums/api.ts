/** Typed calls of the event album screens and of the public upload page. */
import type { AlbumBody, AlbumUpdateBody } from '../../../common/schemas/albums';
import { call, upload } from '../../api';
import type { CallOptions } from '../../api/client';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';
import { sendPhoto } from '../../components/photos/sendPhoto';

/** Where an album list is: a school's page or a branch's. */
export type AlbumOwner = { kind: 'school' | 'branch'; id: number };

const listCall = (owner: AlbumOwner) => (owner.kind === 'school' ? 'GET schools/:id/albums' : 'GET branches/:id/albums') as 'GET schools/:id/albums';

export function useAlbums(owner: AlbumOwner, query: Record<string, string | number>) {
  return useApiGet([...keys.albums(), owner.kind, owner.id, query], listCall(owner), { params: { id: owner.id }, query }, { keepPrevious: true });
}

export function useAlbum(id: number) {
  return useApiGet(keys.album(id), 'GET albums/:id', { params: { id } });
}

export const readAlbum = async (id: number) => {
  const res = await call('GET albums/:id', { params: { id } });
  return res && res.item;
};

export function useSaveAlbum(owner: AlbumOwner) {
  return useApiMutation(
    ({ id, body, onErrorBody }: { id?: number; body: AlbumBody | AlbumUpdateBody; onErrorBody?: CallOptions['onErrorBody'] }) => {
      if (id) return call('PUT albums/:id', { params: { id }, body: body as AlbumUpdateBody, onErrorBody });
      return owner.kind === 'school'
        ? call('POST schools/:id/albums', { params: { id: owner.id }, body })
        : call('POST branches/:id/albums', { params: { id: owner.id }, body });
    },
    [keys.albums()],
  );
}

export function useDeleteAlbum() {
  return useApiMutation((id: number) => call('DELETE albums/:id', { params: { id } }), [keys.albums()]);
}

export function useAlbumPhotos(albumId: number, query: Record<string, string | number>) {
  return useApiGet([...keys.album(albumId), 'photos', query], 'GET albums/:id/photos', { params: { id: albumId }, query }, { keepPrevious: true });
}

export function useAlbumStudents(albumId: number) {
  return useApiGet([...keys.album(albumId), 'students'], 'GET albums/:id/students', { params: { id: albumId } });
}

export function useDecidePhotos(albumId: number) {
  return useApiMutation(
    (body: { ids: number[]; status: 'approved' | 'rejected' }) => call('POST albums/:id/photos/decide', { params: { id: albumId }, body }),
    [keys.albums()],
  );
}

export function useDeletePhotos(albumId: number) {
  return useApiMutation((ids: number[]) => call('POST albums/:id/photos/delete', { params: { id: albumId }, body: { ids } }), [keys.albums()]);
}

export function useSaveCaption(albumId: number) {
  return useApiMutation(
    ({ id, caption }: { id: number; caption: string }) => call('PUT album-photos/:id', { params: { id }, body: { caption } }),
    [keys.album(albumId)],
  );
}

export const sendAlbumPhoto = (albumId: number, file: File, onProgress: (f: number) => void, signal: AbortSignal) =>
  sendPhoto((form, onError) => upload('POST albums/:id/photos', { id: albumId }, form, onProgress, { signal, onError }), file, {});

export function useUploadLinks(albumId: number) {
  return useApiGet([...keys.album(albumId), 'links'], 'GET albums/:id/upload-links', { params: { id: albumId } });
}

export function useCreateUploadLink(albumId: number) {
  return useApiMutation(
    (body: { label: string; days: number }) => call('POST albums/:id/upload-links', { params: { id: albumId }, body }),
    [keys.album(albumId)],
  );
}

export function useRevokeUploadLink(albumId: number) {
  return useApiMutation((id: number) => call('POST upload-links/:id/revoke', { params: { id }, body: {} }), [keys.album(albumId)]);
}

/** The public page's link: its album, or the server's words for why it no longer works (shown on the page, not as a toast). */
export async function readUploadLink(token: string) {
  let message = '';
  const res = await call('GET album-upload/:token', { params: { token }, quiet: true, onErrorBody: (body) => (message = body.message ?? '') });
  return res ? { ok: true as const, item: res.item } : { ok: false as const, message };
}

export const sendLinkPhoto = (token: string, name: string, file: File, onProgress: (f: number) => void, signal: AbortSignal) =>
  sendPhoto((form, onError) => upload('POST album-upload/:token/photos', { token }, form, onProgress, { signal, onError }), file, { name });
