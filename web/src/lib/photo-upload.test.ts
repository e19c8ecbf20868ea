import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../contract/errors.ts';
import { ApiError } from './api.ts';
import { PhotoError, checkPhoto, looksLikePhoto, photoRemedy } from './photo-upload.ts';

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
