import { queryOptions } from '@tanstack/react-query';
import type { Facility, QrCode } from '#contract/facility.ts';
import { apiGet } from '../api.ts';

/** The signed-in user's project: name, type, QR id and the public base of printed links. */
export const facilityQuery = queryOptions({
  queryKey: ['/api/user/facility'] as const,
  queryFn: ({ signal }) => apiGet<Facility>('/api/user/facility', { signal }),
});

/** The project QR: `data` is the text it encodes (PUBLIC_URL/qr-scan?qrId=…), `dataURL` an image of it. */
export const qrCodeQuery = queryOptions({
  queryKey: ['/api/qr-code'] as const,
  queryFn: ({ signal }) => apiGet<QrCode>('/api/qr-code', { signal }),
});
