import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BulkRoomsInput, bulkRoomsResult } from '#contract/generator.ts';
import { apiRequest } from '#web/lib/api.ts';
import { invalidateRoomQueries, roomsQuery } from '#web/lib/queries/rooms.ts';
import { useSubmissionKey } from '#web/lib/submission-key.ts';

type BulkRoomsResult = z.infer<typeof bulkRoomsResult>;
export type NewRoom = BulkRoomsInput['rooms'][number];

/** Every unit of the project, to tell new labels from existing ones before sending; fresh on each visit. */
export const useExistingRooms = () => useQuery({ ...roomsQuery, refetchOnMount: 'always' });

/**
 * Units per request. A large building is a few thousand units: sending them in slices lets the
 * screen show real progress, and keeps each request small on a poor connection.
 */
export const BULK_CHUNK_SIZE = 250;

/** A failure part-way: the slices before it were created. */
export class BulkCreateError extends Error {
  constructor(
    cause: unknown,
    readonly created: number,
    readonly skipped: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * `submissionKey` is the submission's Idempotency-Key; each slice sends it with its index, so a
 * double-click or a retry replays the slices already created instead of reporting them as skipped
 * (docs/decisions/015-idempotent-creates.md).
 */
export async function createRoomsInChunks(rooms: NewRoom[], onProgress: (done: number) => void, submissionKey: string) {
  let created = 0;
  let skipped = 0;
  for (let i = 0; i < rooms.length; i += BULK_CHUNK_SIZE) {
    const slice = rooms.slice(i, i + BULK_CHUNK_SIZE);
    try {
      const headers = { 'idempotency-key': `${submissionKey}:${i / BULK_CHUNK_SIZE}` };
      const res = await apiRequest<BulkRoomsResult>('POST', '/api/rooms/bulk', { rooms: slice }, { headers });
      created += res.created;
      skipped += res.skipped;
    } catch (err) {
      throw new BulkCreateError(err, created, skipped);
    }
    onProgress(i + slice.length);
  }
  return { created, skipped };
}

export function useCreateRoomsBulk(onProgress: (done: number) => void) {
  const qc = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (rooms: NewRoom[]) => createRoomsInChunks(rooms, onProgress, submission.headers()['idempotency-key']),
    onSuccess: () => submission.renew(),
    // Also after a partial failure: some units may exist now.
    onSettled: () => invalidateRoomQueries(qc),
  });
}
