import { describe, expect, it } from 'vitest';
import { toAnnexB, toClosedAnnexB, withParameterSets } from '../../../../../server/recorder/live/access-units';

const sps = Uint8Array.of(0x67, 1, 2);
const pps = Uint8Array.of(0x68, 3);
const idr = Uint8Array.of(0x65, 9, 9);
const slice = Uint8Array.of(0x41, 7);

describe('access units', () => {
  it('writes Annex-B with 4-byte start codes', () => {
    expect(toAnnexB({ nalus: [sps, idr] })).toEqual(Buffer.from([0, 0, 0, 1, 0x67, 1, 2, 0, 0, 0, 1, 0x65, 9, 9]));
  });

  it('closes a unit for a pipe decoder with one delimiter, dropping its own', () => {
    const aud = Uint8Array.of(0x09, 0x10);
    expect(toClosedAnnexB({ nalus: [aud, slice] })).toEqual(Buffer.from([0, 0, 0, 1, 0x41, 7, 0, 0, 0, 1, 0x09, 0xf0]));
  });

  it('puts SPS and PPS before a keyframe that lacks them, and leaves other units alone', () => {
    const codec = { sps, pps };
    expect(withParameterSets({ nalus: [idr], keyframe: true, timeMs: 1 }, codec).nalus).toEqual([sps, pps, idr]);
    const complete = { nalus: [sps, pps, idr], keyframe: true, timeMs: 1 };
    expect(withParameterSets(complete, codec)).toBe(complete);
    const delta = { nalus: [slice], keyframe: false, timeMs: 2 };
    expect(withParameterSets(delta, codec)).toBe(delta);
    expect(withParameterSets({ nalus: [idr], keyframe: true, timeMs: 1 }, undefined).nalus).toEqual([idr]);
  });
});
