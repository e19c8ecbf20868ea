/**
 * While one request uploads to an address, the row's `upload_token_hash` holds
 * `claimed:<token hash>:<claim time in ms, 15 digits>` instead of the token's hash. The time lets any
 * server process take over a claim no live request can still hold: a process killed mid-upload
 * leaves one behind (docs/decisions/027-storage-and-quota.md). Fixed width, so claims of one hash
 * compare by time as text.
 */
export const claimMarker = (hash: string, at: Date) => `${claimPrefix(hash)}${String(at.getTime()).padStart(15, '0')}`;

/** What every claim of this token hash starts with. */
export const claimPrefix = (hash: string) => `claimed:${hash}:`;

/** Every claim marker (also the older `claimed:<hash>` form) starts with this. */
export const CLAIM_PREFIX = 'claimed:';
