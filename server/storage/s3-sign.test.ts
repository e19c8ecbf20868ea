import { describe, expect, it } from 'vitest';
import { presignS3Url } from './s3-sign.ts';

// The example of AWS's "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)".
const aws = {
  endpoint: 'https://s3.amazonaws.com',
  bucket: 'examplebucket',
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  pathStyle: false,
};

describe('S3 presigned URLs (SigV4)', () => {
  it("matches AWS's published example signature", () => {
    const url = presignS3Url(aws, { method: 'GET', key: 'test.txt', expiresSeconds: 86400, now: new Date('2013-05-24T00:00:00Z') });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('puts the bucket in the path for S3-compatible servers and keeps key slashes', () => {
    const url = new URL(
      presignS3Url(
        { ...aws, endpoint: 'http://127.0.0.1:9000', pathStyle: true },
        { method: 'PUT', key: 'units/a b/1.jpg', expiresSeconds: 300, now: new Date('2026-01-01T00:00:00Z') },
      ),
    );
    expect(url.host).toBe('127.0.0.1:9000');
    expect(url.pathname).toBe('/examplebucket/units/a%20b/1.jpg');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs the method: a GET URL is not a PUT URL', () => {
    const at = { key: 'k.jpg', expiresSeconds: 60, now: new Date('2026-01-01T00:00:00Z') };
    expect(presignS3Url(aws, { ...at, method: 'GET' })).not.toBe(presignS3Url(aws, { ...at, method: 'PUT' }));
  });
});
