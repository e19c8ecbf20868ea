import { useQuery } from '@tanstack/react-query';
import { facilityQuery, qrCodeQuery } from '#web/lib/queries/facility.ts';
import { roomsQuery } from '#web/lib/queries/rooms.ts';

/** The signed-in user's project: name, type, QR id and the public base of printed links. */
export const useFacility = () => useQuery(facilityQuery);

/** The project QR: `data` is the text it encodes (PUBLIC_URL/qr-scan?qrId=…), `dataURL` an image of it. */
export const useQrCode = (enabled = true) => useQuery({ ...qrCodeQuery, enabled });

/** Every unit of the project (the labels need only id and number). */
export const useUnits = () => useQuery(roomsQuery);
