/** How a photo picker sends one file: in its own request, with the form field the photo calls read (`files`). */
import { tr } from '../../../common/tr';

type Sent<T> = { ok: true; answer: T } | { ok: false; message: string; retry: boolean };

/** One photo file in its own request; a failure says whether trying again may help (network, time limit, server trouble). */
export async function sendPhoto<T>(
  send: (form: FormData, onError: (message: string, status: number) => void) => Promise<T | false>,
  file: File,
  /** Fields sent before the photo (a shoot's index file, the uploader's name). */
  extra: Record<string, File | string>,
): Promise<Sent<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  form.append('files', file, file.name);
  let failure: { message: string; status: number } = { message: tr.genericError, status: 0 };
  const answer = await send(form, (message, status) => (failure = { message, status }));
  if (answer) return { ok: true, answer };
  return { ok: false, message: failure.message, retry: failure.status === 0 || failure.status === 429 || failure.status >= 500 };
}
