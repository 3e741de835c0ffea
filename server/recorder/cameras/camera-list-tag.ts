/**
 * The strong ETag of GET /service/cameras and the If-None-Match check, so
 * a caller holding the last answer (the aggregator, a browser's HTTP cache)
 * is told 304 without the list being built or serialized.
 *
 * The tag is a hash of everything the answer's bytes depend on:
 * - this process (PROCESS_EPOCH): the revision starts at 0 on every start,
 *   and a restarted recorder may have new code, port or data;
 * - the revision of the rows the list is made of (camera-list-revision.ts);
 * - each stream's ingest state and retry count, read from memory on every
 *   request (they change without a database write; a degraded license shows
 *   every stream idle through the same status);
 * - the caller's role (camera permissions) and the host the RTSP URLs are
 *   written with.
 * Equal tags mean equal bytes; a tag can change with no change of bytes
 * (a write that ended where it began), which only costs a rebuild.
 *
 * The request is still authenticated and allowed as any other before the
 * tag is compared (the route's access rule), so a 304 tells nothing to
 * someone who may not read the list.
 *
 * Cost: a few hundred bytes per stream hashed (SHA-256), no SQL when the
 * revision has not moved.
 */
import { createHash, randomUUID } from 'node:crypto';

const PROCESS_EPOCH = randomUUID();

/** The quoted strong tag of an answer that depends on exactly `parts`. */
export function cameraListTag(parts: ReadonlyArray<string | number>): string {
  const hash = createHash('sha256').update(PROCESS_EPOCH);
  // NUL between parts: no part (role, host, state names) holds one, so two lists of parts never hash the same text.
  for (const part of parts) hash.update('\u0000').update(String(part));
  return `"${hash.digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names `tag` (RFC 9110 13.1.2: a list of
 * tags or `*`, compared weakly, so W/ is ignored).
 */
export function ifNoneMatchHas(header: string | string[] | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').some((entry) => {
    const candidate = entry.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === tag;
  });
}
