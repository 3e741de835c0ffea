import { describe, expect, it } from 'vitest';
import { AnnexBParser, type AccessUnit } from '../../../../server/protocols/h264';
import { framecrcPacketSize, MAX_UNSIZED_BYTES, SizedAccessUnits } from '../../../../server/protocols/sized-access-units';

const START = [0, 0, 0, 1];
/** One access unit: SPS, PPS and an IDR slice, or one non-IDR slice (first_mb_in_slice 0: second byte's top bit set). */
function unit(keyframe: boolean, fill: number): Uint8Array {
  const nals = keyframe
    ? [[0x67, 0x42, 0x00, 0x1e], [0x68, 0xce, 0x3c], [0x65, 0x88, fill, fill, fill]]
    : [[0x41, 0x9a, fill, fill]];
  return Uint8Array.from(nals.flatMap((nal) => [...START, ...nal]));
}

function rig() {
  const units: Array<Omit<AccessUnit, 'timeMs'>> = [];
  const fallbacks: string[] = [];
  const sized = new SizedAccessUnits(new AnnexBParser((au) => units.push(au)), (why) => fallbacks.push(why));
  return { units, fallbacks, sized };
}

describe('access units delimited by their sizes', () => {
  it('reads the packet size of a framecrc line and skips its header lines', () => {
    expect(framecrcPacketSize('0,          0,          0,      512,    10646, 0xc2342753')).toBe(10646);
    expect(framecrcPacketSize('0, 40, 40, 40, 77, 0x1, S=1, 0x2')).toBe(77);
    expect(framecrcPacketSize('#tb 0: 1/12800')).toBeUndefined();
    expect(framecrcPacketSize('')).toBeUndefined();
  });

  it('hands on each picture the moment its last byte arrives, not when the next begins', () => {
    const r = rig();
    const first = unit(true, 1);
    const second = unit(false, 2);
    r.sized.pushSize(first.length);
    r.sized.pushBytes(first.subarray(0, 5));
    expect(r.units).toEqual([]);
    r.sized.pushBytes(first.subarray(5));
    // Without the size the parser could not know the IDR slice had ended until the next picture's first NAL.
    expect(r.units.map((au) => [au.keyframe, au.nalus.length])).toEqual([[true, 3]]);
    // The bytes before their size: handed on when the size comes.
    r.sized.pushBytes(second);
    expect(r.units).toHaveLength(1);
    r.sized.pushSize(second.length);
    expect(r.units.map((au) => [au.keyframe, [...au.nalus[0]!]])).toEqual([[true, [0x67, 0x42, 0x00, 0x1e]], [false, [0x41, 0x9a, 2, 2]]]);
    expect(r.fallbacks).toEqual([]);
  });

  it("takes the sizes from the framecrc output's text as it comes, in pieces", () => {
    const r = rig();
    const pictures = [unit(true, 1), unit(false, 2)];
    r.sized.pushBytes(Uint8Array.from(pictures.flatMap((p) => [...p])));
    const text = `#tb 0: 1/90000\n#media_type 0: video\n0, 0, 0, 3600, ${pictures[0]!.length}, 0x1\n0, 3600, 3600, 3600, ${pictures[1]!.length}, 0x2\n`;
    r.sized.pushSizeText(text.slice(0, 40));
    expect(r.units).toEqual([]);
    r.sized.pushSizeText(Buffer.from(text.slice(40, -10)));
    expect(r.units).toHaveLength(1);
    r.sized.pushSizeText(text.slice(-10));
    expect(r.units.map((au) => au.keyframe)).toEqual([true, false]);
  });

  it('splits several pictures that came in one chunk', () => {
    const r = rig();
    const pictures = [unit(true, 1), unit(false, 2), unit(false, 3)];
    r.sized.pushBytes(Uint8Array.from(pictures.flatMap((p) => [...p])));
    for (const p of pictures) r.sized.pushSize(p.length);
    expect(r.units.map((au) => au.nalus.at(-1)![2])).toEqual([1, 2, 3]);
  });

  it('falls back to the parser for good when a size does not land on a start code; the pictures after are whole', () => {
    const r = rig();
    const pictures = [unit(true, 1), unit(false, 2), unit(false, 3), unit(false, 4)];
    r.sized.pushSize(pictures[0]!.length);
    r.sized.pushBytes(pictures[0]!);
    // Sizes that disagree with the bytes: the first cut is noticed at the next unit, which does not start with a start code.
    r.sized.pushSize(pictures[1]!.length - 1);
    r.sized.pushSize(pictures[1]!.length + 1);
    r.sized.pushBytes(pictures[1]!);
    r.sized.pushBytes(pictures[2]!);
    expect(r.fallbacks).toEqual(['a packet size did not land on a start code']);
    expect(r.sized.fellBack).toBe(true);
    const before = r.units.length;
    // From here the parser's own boundaries: the third is out once the fourth begins.
    r.sized.pushBytes(pictures[3]!);
    r.sized.pushSize(999); // ignored now
    expect(r.units.slice(before).map((au) => [...au.nalus.at(-1)!])).toEqual([[0x41, 0x9a, 3, 3]]);
  });

  it('falls back when sizes stop coming while bytes pile up', () => {
    const r = rig();
    const big = new Uint8Array(MAX_UNSIZED_BYTES + 1);
    big.set(unit(false, 9));
    r.sized.pushBytes(big);
    expect(r.fallbacks).toEqual([`no packet sizes for ${MAX_UNSIZED_BYTES + 1} bytes`]);
    r.sized.pushBytes(unit(false, 5));
    expect(r.units).toHaveLength(1);
  });
});
