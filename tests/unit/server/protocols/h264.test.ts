import { describe, expect, it } from 'vitest';
import { AnnexBParser, parseSps, splitAnnexB, toRbsp, type AccessUnit } from '../../../../server/protocols/h264';

const hex = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'hex'));

// SPS written by x264 (ultrafast: Constrained Baseline; medium/high: High with frame cropping).
const SPS_720P_BASELINE = hex('6742c01fda014016ec0440000003004000000ca3c60ca8');
const SPS_1080P_BASELINE = hex('6742c028da01e0089f97011000000300100000030328f1832a');
const SPS_360P_BASELINE = hex('6742c01eda0280bfe5c044000003000400000300ca3c58ba80');
const SPS_1080P_HIGH = hex('67640028acd940780227e5c044000003000400000300c83c60c658');

describe('parseSps', () => {
  it('reads size and profile-level-id of x264 streams', () => {
    expect(parseSps(SPS_720P_BASELINE)).toEqual({ width: 1280, height: 720, profileLevelId: '42c01f' });
    expect(parseSps(SPS_360P_BASELINE)).toEqual({ width: 640, height: 360, profileLevelId: '42c01e' });
  });

  it('applies frame cropping (1088 coded lines, 1080 shown)', () => {
    expect(parseSps(SPS_1080P_BASELINE)).toMatchObject({ width: 1920, height: 1080 });
  });

  it('parses High profile fields (chroma format, bit depth)', () => {
    expect(parseSps(SPS_1080P_HIGH)).toEqual({ width: 1920, height: 1080, profileLevelId: '640028' });
  });

  it('refuses what is not an SPS', () => {
    expect(() => parseSps(hex('68ce0fc8'))).toThrow();
  });
});

describe('toRbsp', () => {
  it('removes emulation prevention bytes only', () => {
    expect(Array.from(toRbsp(hex('0000030100000302')))).toEqual([0, 0, 1, 0, 0, 2]);
    expect(Array.from(toRbsp(hex('00000403')))).toEqual([0, 0, 4, 3]);
  });
});

// Synthetic NAL units: type in the low 5 bits of the first byte; for slices the
// second byte's top bit set means first_mb_in_slice = 0 (first slice of a picture).
const SPS = hex('6742c01f11');
const PPS = hex('68ce3c80');
const SEI = hex('0605ff');
const IDR_FIRST = hex('6588aabb');
const IDR_SECOND = hex('65401122'); // same picture, first_mb_in_slice != 0
const P_FIRST = hex('419a0102');
const P_SECOND = hex('41400304');
const AUD = hex('0910');

function annexB(nalus: Uint8Array[], fourByteEvery = 2): Uint8Array {
  const parts: number[] = [];
  nalus.forEach((nalu, i) => {
    parts.push(...(i % fourByteEvery === 0 ? [0, 0, 0, 1] : [0, 0, 1]), ...nalu);
  });
  return Uint8Array.from(parts);
}

function parseAll(stream: Uint8Array, chunkSize: number): Array<Omit<AccessUnit, 'timeMs'>> {
  const aus: Array<Omit<AccessUnit, 'timeMs'>> = [];
  const parser = new AnnexBParser((au) => aus.push(au));
  for (let i = 0; i < stream.length; i += chunkSize) parser.push(stream.subarray(i, i + chunkSize));
  parser.flush();
  return aus;
}

const hexes = (au: Omit<AccessUnit, 'timeMs'>): string[] => au.nalus.map((n) => Buffer.from(n).toString('hex'));

describe('AnnexBParser', () => {
  const stream = annexB([SPS, PPS, SEI, IDR_FIRST, IDR_SECOND, P_FIRST, P_SECOND, AUD, P_FIRST, SPS, PPS, IDR_FIRST]);

  it('groups NAL units into access units at picture boundaries', () => {
    const aus = parseAll(stream, stream.length);
    expect(aus.map(hexes)).toEqual([
      ['6742c01f11', '68ce3c80', '0605ff', '6588aabb', '65401122'],
      ['419a0102', '41400304'],
      ['0910', '419a0102'],
      ['6742c01f11', '68ce3c80', '6588aabb'],
    ]);
    expect(aus.map((au) => au.keyframe)).toEqual([true, false, false, true]);
  });

  it('gives the same result whatever the chunking (start codes split across pushes)', () => {
    const whole = parseAll(stream, stream.length).map(hexes);
    for (const size of [1, 2, 3, 5, 7]) expect(parseAll(stream, size).map(hexes)).toEqual(whole);
  });

  it('holds back the last access unit until the next one starts or flush()', () => {
    const aus: unknown[] = [];
    const parser = new AnnexBParser((au) => aus.push(au));
    parser.push(annexB([SPS, PPS, IDR_FIRST]));
    expect(aus).toHaveLength(0);
    parser.push(annexB([P_FIRST]));
    expect(aus).toHaveLength(1);
    parser.flush();
    expect(aus).toHaveLength(2);
  });

  it('drops leading garbage and parameter sets without a picture', () => {
    const aus = parseAll(Uint8Array.from([1, 2, 3, ...annexB([SPS, PPS])]), 4);
    expect(aus).toHaveLength(0);
  });

  it('splitAnnexB returns the NAL units without start codes or trailing zeros', () => {
    const withTrailingZeros = Uint8Array.from([...annexB([SPS, PPS]), 0, 0]);
    expect(splitAnnexB(withTrailingZeros).map((n) => Buffer.from(n).toString('hex'))).toEqual(['6742c01f11', '68ce3c80']);
  });
});
