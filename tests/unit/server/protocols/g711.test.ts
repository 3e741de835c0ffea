import { describe, expect, it } from 'vitest';
import { decodeMulaw, encodeMulaw, linearFromMulaw, mulawFromLinear } from '../../../../server/protocols/g711';

describe('G.711 µ-law', () => {
  it('encodes known values as the ITU reference encoder does', () => {
    const known: Array<[number, number]> = [
      [0, 0xff],
      [1, 0xff],
      [-1, 0x7f],
      [100, 0xf2],
      [1000, 0xce],
      [-1000, 0x4e],
      [8000, 0xa0],
      [32767, 0x80],
      [-32768, 0x00],
      [40000, 0x80], // clipped
      [-40000, 0x00],
    ];
    for (const [linear, byte] of known) expect(mulawFromLinear(linear), `sample ${linear}`).toBe(byte);
  });

  it('decodes known bytes (the values ffmpeg decodes them to)', () => {
    expect(linearFromMulaw(0xff)).toBe(0);
    expect(linearFromMulaw(0x7f)).toBe(0);
    expect(linearFromMulaw(0x80)).toBe(32124);
    expect(linearFromMulaw(0x00)).toBe(-32124);
    expect(linearFromMulaw(0xce)).toBe(988);
    expect(linearFromMulaw(0x4e)).toBe(-988);
  });

  it('round-trips every code (0x7f is minus zero and comes back as 0xff)', () => {
    for (let byte = 0; byte < 256; byte++) expect(mulawFromLinear(linearFromMulaw(byte))).toBe(byte === 0x7f ? 0xff : byte);
  });

  it('is monotonic and within one quantisation step over the whole 16-bit range', () => {
    let previous = -Infinity;
    const wrong: number[] = [];
    for (let sample = -32768; sample <= 32767; sample++) {
      const decoded = linearFromMulaw(mulawFromLinear(sample));
      // Steps double per segment, 8 near zero up to 1024 in the top one: the error stays under 1/16 of the value.
      const bound = Math.max(8, Math.abs(sample) / 16) + (Math.abs(sample) > 32124 ? 644 : 0);
      if (decoded < previous || Math.abs(decoded - sample) > bound) wrong.push(sample);
      previous = decoded;
    }
    expect(wrong).toEqual([]);
  });

  it('encodes and decodes blocks', () => {
    const block = Int16Array.of(0, 1000, -1000, 32767);
    expect([...encodeMulaw(block)]).toEqual([0xff, 0xce, 0x4e, 0x80]);
    expect([...decodeMulaw(encodeMulaw(block))]).toEqual([0, 988, -988, 32124]);
  });
});
