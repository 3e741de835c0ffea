/**
 * The low-bandwidth worker's base64 decoding, copied from
 * workers/low-bandwidth-player.worker.ts (`base64Bytes`), because it is
 * inline in the worker, which cannot be imported outside one (it calls
 * Comlink's `expose` on load). The worker takes `Uint8Array.fromBase64`
 * where the browser has it and else this: `atob`, then a byte per character.
 *
 * Limits: a copy can drift from the worker; if the worker's decoding moves
 * into a core module, import it through lib/cores.ts instead.
 */

/** `Uint8Array.fromBase64` (ES2026), missing from Node 20 and older browsers. */
export const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }).fromBase64;

/** The worker's fallback: atob to a binary string, then one byte per character. */
export function atobBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
