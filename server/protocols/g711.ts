/**
 * G.711 µ-law (ITU-T G.711, the PCMU of RTP payload type 0): 16-bit linear
 * PCM to 8-bit logarithmic samples and back. Most network cameras that send
 * sound send this, at 8 kHz mono.
 *
 * Why here: the camera simulator makes its sound in Node (no extra ffmpeg
 * per camera), so it needs an encoder; tests decode what they receive.
 *
 * The encoder is the classic segment search with a bias of 0x84 and a clip
 * at 32635 (truncating, as the ITU reference and most cameras do); the
 * decoder is its exact inverse (ffmpeg's ulaw2linear). Pure; a few integer
 * operations per sample (160 samples per 20 ms packet).
 */

const BIAS = 0x84;
const CLIP = 32635;

/** One 16-bit linear sample (clamped to -32768..32767) to its µ-law byte. */
export function mulawFromLinear(sample: number): number {
  let value = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = value < 0 ? 0x80 : 0;
  if (sign) value = -value;
  if (value > CLIP) value = CLIP;
  value += BIAS;
  // The segment is the position of the highest set bit above bit 7 (0 for values below 256).
  let exponent = 7;
  for (let mask = 0x4000; (value & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (value >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One µ-law byte to its 16-bit linear value. */
export function linearFromMulaw(byte: number): number {
  const u = ~byte & 0xff;
  let t = ((u & 0x0f) << 3) + BIAS;
  t <<= (u & 0x70) >> 4;
  return u & 0x80 ? BIAS - t : t - BIAS;
}

/** A block of linear samples to µ-law bytes. */
export function encodeMulaw(samples: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = mulawFromLinear(samples[i]!);
  return out;
}

/** µ-law bytes to linear samples. */
export function decodeMulaw(bytes: ArrayLike<number>): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = linearFromMulaw(bytes[i]!);
  return out;
}
