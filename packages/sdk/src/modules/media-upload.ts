/**
 * The raw file upload behind `media.uploadMedia`: the bytes go as the request body, typed by the
 * file, which no JSON declaration can say; and `media.deleteMedia`, a plain declared call. Loaded on
 * first call with the other merchant calls.
 */
import { systemError } from '../errors.js';
import type { Transport } from '../transport/context.js';
import { answerError } from '../transport/error-map.js';
import { readAnswer } from '../transport/http.js';
import type { UploadedMediaFile, UploadMediaOptions } from '../types/index.js';
import { call } from './call.js';

async function uploadMedia(transport: Transport, [file, options]: readonly unknown[]): Promise<UploadedMediaFile> {
  if (!(file instanceof Blob)) throw new TypeError('uploadMedia: `file` must be a Blob or a File');
  const fileName = (options as UploadMediaOptions | undefined)?.fileName ?? (file as Partial<File>).name ?? '';
  const url = `${transport.hosts.api}/_api/media/v1/files?fileName=${encodeURIComponent(fileName)}`;
  const headers = { ...transport.headers, ...(await transport.authHeaders?.()), 'Content-Type': file.type || 'application/octet-stream' };
  let res: Response;
  try {
    res = await transport.fetch(url, { method: 'POST', headers, body: file });
  } catch (cause) {
    throw systemError(undefined, undefined, cause);
  }
  const answer = await readAnswer(res);
  if (!answer.ok) throw answerError(answer, { fileName: 'options.fileName' });
  if (answer.unparseable) throw systemError();
  return (answer.body as { file: UploadedMediaFile }).file;
}

export const mediaUpload = {
  uploadMedia,
  deleteMedia: /* @__PURE__ */ call<(_id: string) => Promise<void>>({
    route: 'DELETE /_api/media/v1/files/{id}',
    args: ['_id'],
    returns: '-',
  }),
};
