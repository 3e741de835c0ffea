/**
 * Base64 text to bytes, for the pictures of the low-bandwidth transport
 * ('websocket-base64': one base64 JPEG per socket message).
 *
 * Uses the engine's `Uint8Array.fromBase64` where it has one (one native
 * pass, no intermediate string), else `atob` and a byte copy. Cost: one
 * allocation of the picture's size per call. Limits: no validation beyond
 * what the engine does; bad text throws, and the caller counts it as a
 * decode error.
 */
export type FromBase64 = (text: string) => Uint8Array;

/** The engine's native decoder, when it has one. */
export const NATIVE_FROM_BASE64 = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64;

/** The bytes `text` encodes; `native` is the engine's decoder (injected by tests), else the `atob` path. */
export function base64Bytes(text: string, native: FromBase64 | undefined = NATIVE_FROM_BASE64): Uint8Array<ArrayBuffer> {
  if (native) return native(text) as Uint8Array<ArrayBuffer>;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
