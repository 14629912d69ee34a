/** A file store that tells `failed` of every call that fails (for /metrics), and otherwise is the store itself. */
import type { FileStore, Storage } from './store';

type Failed = (store: string, operation: string) => void;

function countedStore(name: string, store: FileStore, failed: Failed): FileStore {
  const counted =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        failed(name, operation);
        throw error;
      }
    };
  return {
    where: store.where,
    put: counted('put', store.put),
    putFile: counted('putFile', store.putFile),
    get: counted('get', store.get),
    stream: counted('stream', store.stream),
    remove: counted('remove', store.remove),
    move: counted('move', store.move),
    stat: counted('stat', store.stat),
    async *list(folder, options) {
      try {
        yield* store.list(folder, options);
      } catch (error) {
        failed(name, 'list');
        throw error;
      }
    },
  };
}

export function countedStorage(storage: Storage, failed: Failed): Storage {
  return {
    photos: countedStore('photos', storage.photos, failed),
    images: countedStore('images', storage.images, failed),
    erasures: countedStore('erasures', storage.erasures, failed),
  };
}
