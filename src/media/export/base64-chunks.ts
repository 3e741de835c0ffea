/**
 * Base64 of a byte stream, a chunk at a time: each chunk's bytes are
 * encoded whole 3-byte groups at once and the 0-2 left over carried into
 * the next, so the concatenated text is exactly the base64 of the whole
 * stream. Lets the html dewarp page embed an export without holding the
 * file and its text in memory at once (the caller folds the text into
 * Blobs as it goes).
 *
 * Pure apart from `btoa`. Cost: one binary string per chunk.
 */

function encode(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes arguments: stay well below engines' argument limits.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function* base64Chunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let carry = new Uint8Array(0);
  for await (const chunk of chunks) {
    const bytes = new Uint8Array(carry.length + chunk.length);
    bytes.set(carry);
    bytes.set(chunk, carry.length);
    const whole = bytes.length - (bytes.length % 3);
    if (whole > 0) yield encode(bytes.subarray(0, whole));
    carry = bytes.slice(whole);
  }
  if (carry.length > 0) yield encode(carry);
}
