import { describe, expect, it } from 'vitest';
import { base64Bytes } from '../../../../../workers/core/stage-tiles/base64-bytes';

describe('base64 bytes', () => {
  it('decodes with atob where the engine has no native decoder', () => {
    expect([...base64Bytes('AAEC/w==', undefined)]).toEqual([0, 1, 2, 255]);
    expect(base64Bytes('', undefined)).toHaveLength(0);
  });

  it("uses the engine's decoder when there is one", () => {
    const seen: string[] = [];
    const native = (text: string) => {
      seen.push(text);
      return new Uint8Array([7, 8]);
    };
    expect([...base64Bytes('Bwg=', native)]).toEqual([7, 8]);
    expect(seen).toEqual(['Bwg=']);
  });

  it('throws on text that is not base64', () => {
    expect(() => base64Bytes('not base64!', undefined)).toThrow();
  });
});
