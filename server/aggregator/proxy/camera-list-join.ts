/**
 * The federation-wide camera list (GET /service/cameras) made from the
 * recorders' own answers as bytes: each recorder answers
 * `{"data":{"cameras":[...]}}` with its cameras already carrying their
 * orchidId (its server id, which is the orchid's id here), so the list
 * across recorders is those arrays' items joined with commas inside the
 * same envelope. That skips a JSON.parse and a JSON.stringify of every
 * camera: at 50 recorders of 100 cameras (about 10 MB) those were most of
 * the aggregator's CPU per list.
 *
 * Shape check, so a recorder's answer can never change the shape of the
 * list: the envelope must match exactly, and one pass over the items' bytes
 * (strings and their escapes followed, bracket depth counted) makes sure
 * they are objects separated by commas at the top level and that no
 * bracket closes past the array. An answer that fails it goes through
 * JSON.parse instead (its cameras kept if it has a camera array, as before).
 * What the check does not prove: that each item is valid JSON inside; the
 * recorder is a registered server the aggregator signed in to, and its
 * serializer writes JSON.
 *
 * Cost: one linear scan of the bytes and one copy into the joined answer.
 */

const PREFIX = Buffer.from('{"data":{"cameras":[');
const SUFFIX = Buffer.from(']}}');
const [QUOTE, BACKSLASH, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = ['"', '\\', ',', '{', '}', '[', ']'].map((c) => c.charCodeAt(0)) as [
  number, number, number, number, number, number, number,
];

/** Whether the byte is JSON white space. */
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * How many items `items` holds when it is a comma-separated sequence of
 * `{...}` whose brackets balance without ever closing past the top level
 * (strings skipped); -1 when it is not.
 */
export function objectSequenceLength(items: Buffer): number {
  let depth = 0;
  let inString = false;
  let expectItem = true;
  let count = 0;
  for (let i = 0; i < items.length; i++) {
    const byte = items[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (depth === 0) {
      if (isSpace(byte)) continue;
      if (expectItem) {
        if (byte !== OPEN_BRACE) return -1;
        expectItem = false;
        count++;
        depth = 1;
      } else if (byte === COMMA) {
        expectItem = true;
      } else {
        return -1;
      }
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  // Ends between items: after a complete item, or with no item at all (an empty list).
  return depth === 0 && !inString && (!expectItem || count === 0) ? count : -1;
}

/** The bytes of the cameras inside one recorder's answer (without the brackets), or undefined when it is not of the expected shape. */
export function cameraItems(body: Buffer): Buffer | undefined {
  if (body.length < PREFIX.length + SUFFIX.length) return undefined;
  if (!body.subarray(0, PREFIX.length).equals(PREFIX) || !body.subarray(body.length - SUFFIX.length).equals(SUFFIX)) return undefined;
  const items = body.subarray(PREFIX.length, body.length - SUFFIX.length);
  const count = objectSequenceLength(items);
  // No camera: nothing to join (the bytes may still hold white space).
  return count < 0 ? undefined : count === 0 ? Buffer.alloc(0) : items;
}

/** The cameras of an answer that failed the shape check, parsed (none when it has no camera array). */
export function parsedCameraItems(body: Buffer): Buffer {
  let cameras: unknown;
  try {
    cameras = (JSON.parse(body.toString('utf8')) as { data?: { cameras?: unknown } } | null)?.data?.cameras;
  } catch {
    return Buffer.alloc(0);
  }
  if (!Array.isArray(cameras)) return Buffer.alloc(0);
  const cameraObjects = cameras.filter((camera) => typeof camera === 'object' && camera !== null && !Array.isArray(camera));
  return Buffer.from(JSON.stringify(cameraObjects).slice(1, -1));
}

/** `{"data":{"cameras":[...]}}` of every recorder's items, in order. */
export function joinCameraItems(parts: readonly Buffer[]): Buffer {
  const chunks: Buffer[] = [PREFIX];
  for (const part of parts) {
    if (part.length === 0) continue;
    if (chunks.length > 1) chunks.push(Buffer.from(','));
    chunks.push(part);
  }
  chunks.push(SUFFIX);
  return Buffer.concat(chunks);
}
