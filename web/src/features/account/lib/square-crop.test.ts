import { describe, expect, it } from 'vitest';
import { PICTURE_SIZE, findSquareCrop } from './square-crop.ts';

describe('findSquareCrop', () => {
  it('takes the middle of a landscape photo, as high as the photo', () => {
    expect(findSquareCrop(4000, 3000)).toEqual({ sx: 500, sy: 0, size: 3000, outputSize: PICTURE_SIZE });
  });

  it('takes the middle of a portrait photo, as wide as the photo', () => {
    expect(findSquareCrop(1080, 1920)).toEqual({ sx: 0, sy: 420, size: 1080, outputSize: 256 });
  });

  it('keeps a square photo whole', () => {
    expect(findSquareCrop(512, 512)).toEqual({ sx: 0, sy: 0, size: 512, outputSize: 256 });
  });

  it('starts on a whole pixel when the margin is odd', () => {
    expect(findSquareCrop(101, 50)).toEqual({ sx: 25, sy: 0, size: 50, outputSize: 256 });
  });

  it('scales a small photo up to the output size', () => {
    expect(findSquareCrop(40, 30, 256)).toEqual({ sx: 5, sy: 0, size: 30, outputSize: 256 });
  });

  it('finds nothing in an image without pixels', () => {
    expect(findSquareCrop(0, 300)).toBeNull();
    expect(findSquareCrop(300, 0)).toBeNull();
    expect(findSquareCrop(Number.NaN, 10)).toBeNull();
  });
});
