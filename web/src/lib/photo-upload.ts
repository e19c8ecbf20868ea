import type { TFunction } from 'i18next';
import type { ApiErrorBody, ErrorCode } from '#contract/errors.ts';
import { MAX_PHOTO_BYTES } from '#contract/constants.ts';
import type { UploadTicket } from '#contract/objects.ts';
import { ApiError, apiRequest } from './api.ts';
import { deviceHeaders } from './device-id.ts';
import { errorText } from './error-text.ts';

/** The long side of an uploaded photo: enough to read a stage's detail, small enough for 3G. */
export const PHOTO_MAX_SIDE_PX = 1600;

export type PhotoProblem = 'notImage' | 'tooLarge' | 'ticket' | 'network' | 'rejected' | 'tooMany';

/** A failed photo step, with what the worker should be told. `network` means: try again with signal. */
export class PhotoError extends Error {
  constructor(
    public readonly problem: PhotoProblem,
    public readonly cause?: unknown,
  ) {
    super(problem);
  }
}

/** Refusals whose own words (errors namespace) tell the worker more than the step's general ones. */
const WORDED_BY_CODE: ReadonlySet<ErrorCode> = new Set([
  'photo_empty',
  'photo_missing',
  'photo_type_unsupported',
  'photo_quota_exceeded',
  'storage_unavailable',
  'unit_uploads_busy',
  'device_uploads_busy',
  'upload_in_progress',
]);

/** What to tell the worker about a failed photo step, in their language (never the server's English). */
export function photoErrorText(t: TFunction, err: PhotoError): string {
  const code = err.cause instanceof ApiError ? err.cause.code : undefined;
  if (code && WORDED_BY_CODE.has(code)) return errorText(t, err.cause);
  if (err.problem === 'notImage') return t('workTasks:photoCheck.notPhoto');
  return t(`workTasks:photo.errors.${err.problem}`);
}

/** "Wait a minute" (docs/decisions/012-worker-rate-limits.md) rather than "it cannot be uploaded". */
const problemOf = (err: ApiError, otherwise: PhotoProblem): PhotoProblem =>
  err.code === 'rate_limited' ? 'tooMany' : err.status === 413 ? 'tooLarge' : otherwise;

/**
 * Whether these first bytes start a photo the server stores (JPEG, PNG, GIF, WebP, HEIC/HEIF): a
 * text file renamed .jpg is caught on the phone, not after an upload (docs/product.md "Working
 * without signal", "Honest photo errors").
 */
export function looksLikePhoto(head: Uint8Array): boolean {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    at(
      offset,
      [...text].map((c) => c.charCodeAt(0)),
    );
  return (
    at(0, [0xff, 0xd8, 0xff]) ||
    at(0, [0x89, 0x50, 0x4e, 0x47]) ||
    ascii(0, 'GIF8') ||
    (ascii(0, 'RIFF') && ascii(8, 'WEBP')) ||
    (ascii(4, 'ftyp') && ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif'].some((brand) => ascii(8, brand)))
  );
}

function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const part = file.slice(0, length);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(part);
  });
}

/** Images only (docs/product.md "Validation rules"), judged by the file's own bytes, not its name. */
export async function checkPhoto(file: File): Promise<PhotoProblem | null> {
  if (file.type && !file.type.startsWith('image/')) return 'notImage';
  try {
    return looksLikePhoto(await readHead(file, 16)) ? null : 'notImage';
  } catch {
    return 'notImage';
  }
}

/**
 * What a failed photo step offers: another file when another file can fix it (not a photo, too
 * large, refused as empty or of a kind the server does not take), "try again" only when the same
 * photo can still go through (no signal, too many at once, an upload still under way).
 */
export type PhotoRemedy = 'chooseAnother' | 'retry';
const ANOTHER_FILE: ReadonlySet<ErrorCode> = new Set(['photo_empty', 'photo_type_unsupported', 'photo_missing']);

export function photoRemedy(err: PhotoError): PhotoRemedy {
  if (err.problem === 'notImage' || err.problem === 'tooLarge') return 'chooseAnother';
  const code = err.cause instanceof ApiError ? err.cause.code : undefined;
  if (code && ANOTHER_FILE.has(code)) return 'chooseAnother';
  return 'retry';
}

/**
 * Shrinks the photo in the browser before it travels (a 4 MB phone photo becomes ~300 kB). The
 * library applies the EXIF orientation, so a portrait photo stays upright. If the browser cannot
 * decode the format (HEIC on Android), the original is sent when it is within the limit.
 */
export async function compressPhoto(file: File): Promise<File> {
  // Refused before a byte is read (docs/product.md "Validation rules", at most 10 MB): decoding a
  // large or broken file first kept the worker waiting half a minute for the same answer.
  if (file.size > MAX_PHOTO_BYTES) throw new PhotoError('tooLarge');
  let out: Blob;
  try {
    // Loaded on first use: the page itself stays small on 3G.
    const { default: imageCompression } = await import('browser-image-compression');
    out = await imageCompression(file, {
      maxWidthOrHeight: PHOTO_MAX_SIDE_PX,
      // On the page: the browser decodes and encodes the image off the main thread anyway, and a web
      // worker would load the library a second time — ≈ 19 KB gzip more for every phone to store for
      // use without signal (docs/decisions/022-offline-worker-app.md), and from a CDN by default.
      useWebWorker: false,
      fileType: 'image/jpeg',
      initialQuality: 0.8,
    });
  } catch {
    out = file;
  }
  if (out.size > MAX_PHOTO_BYTES) throw new PhotoError('tooLarge');
  if (out === file) return file;
  const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
  return new File([out], name, { type: out.type || 'image/jpeg', lastModified: file.lastModified });
}

/** docs/decisions/005-photo-storage.md: a single-use upload address bound to the unit. */
export async function requestUploadTicket(roomId: string, size?: number): Promise<UploadTicket> {
  let ticket: UploadTicket;
  try {
    // The size is what the address reserves of the project's daily quota (docs/decisions/027-storage-and-quota.md).
    ticket = await apiRequest<UploadTicket>('POST', '/api/objects/upload', size ? { roomId, size } : { roomId });
  } catch (err) {
    if (err instanceof ApiError) throw new PhotoError(problemOf(err, 'ticket'), err);
    throw new PhotoError('network', err);
  }
  // A plain check, not the zod schema: zod would triple this page's download.
  if (typeof ticket?.uploadURL !== 'string' || typeof ticket.objectPath !== 'string') throw new PhotoError('ticket');
  return ticket;
}

/** PUTs the bytes with XMLHttpRequest, because fetch cannot report upload progress. */
export function putPhoto(url: string, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    // Counted per phone like every other worker request (docs/decisions/012-worker-rate-limits.md).
    for (const [name, value] of Object.entries(deviceHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let body: ApiErrorBody | undefined;
      try {
        body = JSON.parse(xhr.responseText) as ApiErrorBody;
      } catch {
        body = undefined;
      }
      const refusal = new ApiError(xhr.status, body, xhr.responseText || xhr.statusText);
      reject(new PhotoError(problemOf(refusal, 'rejected'), refusal));
    };
    xhr.onerror = () => reject(new PhotoError('network'));
    xhr.ontimeout = () => reject(new PhotoError('network'));
    xhr.send(file);
  });
}

/**
 * The whole photo step: ticket, then bytes. An expired ticket (`upload_expired`, e.g. after a long
 * wait for signal) is replaced once. Resolves with the `/objects/...` path for the completion.
 */
export async function uploadPhoto(roomId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const ticket = await requestUploadTicket(roomId, file.size);
    try {
      await putPhoto(ticket.uploadURL, file, onProgress);
      return ticket.objectPath;
    } catch (err) {
      const code = err instanceof PhotoError && err.cause instanceof ApiError ? err.cause.code : undefined;
      if (code === 'upload_expired' && attempt === 0) continue;
      throw err;
    }
  }
}
