/** Typed calls of face review (views never fetch directly). */
import { useQuery } from '@tanstack/react-query';
import type { BulkFaceBody } from '../../../common/schemas/faces';
import { api, call } from '../../api';
import { keys } from '../../api/keys';
import { useApiGet, useApiMutation } from '../../api/query';

/** The album's faces; asked again every few seconds while photos wait for their scan. */
export function useAlbumFaces(albumId: number) {
  return useApiGet(
    keys.albumFaces(albumId),
    'GET albums/:id/faces',
    { params: { id: albumId } },
    { pollMs: (data) => (data && data.scan.pending > 0 ? 3000 : false) },
  );
}

export function useScanAlbum(albumId: number) {
  return useApiMutation(() => call('POST albums/:id/faces/scan', { params: { id: albumId } }), [keys.albumFaces(albumId)]);
}

/** A face's crop as an object URL: the crop is served to a signed-in caller only, so it is fetched with the session's token. */
export function useFaceCrop(faceId: number) {
  return useQuery({
    queryKey: keys.faceCrop(faceId),
    queryFn: async () => {
      const file = await api.download(`faces/${faceId}/crop`);
      return file ? URL.createObjectURL(file.blob) : null;
    },
    staleTime: Infinity,
  });
}

export function useDecideFace(albumId: number) {
  return useApiMutation(
    ({ faceId, studentId, ignored }: { faceId: number; studentId: number | null; ignored?: boolean }) =>
      call('PUT faces/:id', { params: { id: faceId }, body: { studentId, ignored } }),
    [keys.albumFaces(albumId)],
  );
}

export function useBulkFaces(albumId: number) {
  return useApiMutation((body: BulkFaceBody) => call('POST albums/:id/faces/bulk', { params: { id: albumId }, body }), [keys.albumFaces(albumId)]);
}
