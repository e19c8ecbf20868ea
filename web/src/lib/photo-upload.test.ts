import { describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '#contract/constants.ts';
import type { ErrorCode } from '#contract/errors.ts';
import { ApiError } from './api.ts';
import { PhotoError, checkPhoto, compressPhoto, looksLikePhoto, photoRemedy } from './photo-upload.ts';

const compression = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('browser-image-compression', () => ({ default: compression.fn }));

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const refusal = (status: number, code?: ErrorCode) => new ApiError(status, code ? { code, message: 'x' } : undefined, 'x');

describe('photo check', () => {
  it('knows JPEG, PNG, GIF, WebP and HEIC by their first bytes', () => {
    expect(looksLikePhoto(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe(true);
    expect(looksLikePhoto(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(true);
    expect(looksLikePhoto(bytes('GIF89a'))).toBe(true);
    expect(looksLikePhoto(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe(true);
    expect(looksLikePhoto(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBe(true);
    expect(looksLikePhoto(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe(false);
    expect(looksLikePhoto(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBe(false);
    expect(looksLikePhoto(bytes('hello world'))).toBe(false);
    expect(looksLikePhoto(bytes([0xff, 0xd8]))).toBe(false);
  });

  it('refuses a text file named .jpg and a file of another type; takes real JPEG bytes', async () => {
    expect(await checkPhoto(new File(['hello'], 'a.jpg', { type: 'image/jpeg' }))).toBe('notImage');
    expect(await checkPhoto(new File([bytes([0xff, 0xd8, 0xff])], 'a.pdf', { type: 'application/pdf' }))).toBe('notImage');
    expect(await checkPhoto(new File([bytes([0xff, 0xd8, 0xff, 0xe0])], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    // Some phones give a HEIC photo no type at all: its bytes decide.
    expect(await checkPhoto(new File([bytes([0, 0, 0, 0x18], 'ftypheic')], 'IMG_1.HEIC', { type: '' }))).toBeNull();
  });

  it('offers another file for refusals another file can fix, and "try again" only for temporary ones', () => {
    expect(photoRemedy(new PhotoError('notImage'))).toBe('chooseAnother');
    expect(photoRemedy(new PhotoError('tooLarge'))).toBe('chooseAnother');
    expect(photoRemedy(new PhotoError('rejected', refusal(415, 'photo_type_unsupported')))).toBe('chooseAnother');
    expect(photoRemedy(new PhotoError('rejected', refusal(415, 'photo_empty')))).toBe('chooseAnother');
    expect(photoRemedy(new PhotoError('network'))).toBe('retry');
    expect(photoRemedy(new PhotoError('tooMany', refusal(429, 'rate_limited')))).toBe('retry');
    expect(photoRemedy(new PhotoError('rejected', refusal(409, 'upload_in_progress')))).toBe('retry');
  });
});

describe('photo size', () => {
  it('refuses a file over 10 MB at once, by its size, without reading or decoding it', async () => {
    compression.fn.mockClear();
    const big = new File([new Uint8Array(16)], 'broken.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: MAX_PHOTO_BYTES + 1 });
    const slice = vi.spyOn(big, 'slice');
    const arrayBuffer = vi.spyOn(big, 'arrayBuffer');
    const refused = await compressPhoto(big).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PhotoError);
    expect((refused as PhotoError).problem).toBe('tooLarge');
    expect(compression.fn).not.toHaveBeenCalled();
    expect(slice).not.toHaveBeenCalled();
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it('compresses a file of exactly 10 MB', async () => {
    compression.fn.mockClear();
    compression.fn.mockImplementation(async () => new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
    const limit = new File([new Uint8Array(16)], 'ok.jpg', { type: 'image/jpeg' });
    Object.defineProperty(limit, 'size', { value: MAX_PHOTO_BYTES });
    const out = await compressPhoto(limit);
    expect(compression.fn).toHaveBeenCalledTimes(1);
    expect(out.size).toBe(10);
  });
});
