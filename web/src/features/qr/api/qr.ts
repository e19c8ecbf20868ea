import { useQuery } from '@tanstack/react-query';
import type { Facility, QrCode } from '../../../../../contract/facility.ts';
import type { Room } from '../../../../../contract/rooms.ts';
import { apiGet } from '../../../lib/api.ts';

export const facilityKey = ['/api/user/facility'] as const;
export const qrCodeKey = ['/api/qr-code'] as const;
export const roomsKey = ['/api/rooms'] as const;

/** The signed-in user's project: name, type, QR id and the public base of printed links. */
export function useFacility() {
  return useQuery({ queryKey: facilityKey, queryFn: ({ signal }) => apiGet<Facility>('/api/user/facility', { signal }) });
}

/** The project QR: `data` is the text it encodes (PUBLIC_URL/qr-scan?qrId=…), `dataURL` an image of it. */
export function useQrCode(enabled = true) {
  return useQuery({ queryKey: qrCodeKey, queryFn: ({ signal }) => apiGet<QrCode>('/api/qr-code', { signal }), enabled });
}

/** Every unit of the project (the labels need only id and number). */
export function useUnits() {
  return useQuery({ queryKey: roomsKey, queryFn: ({ signal }) => apiGet<Room[]>('/api/rooms', { signal }) });
}
