import { describe, expect, it } from 'vitest';
import { base64Chunks } from '../../../../../src/media/export/base64-chunks';

async function* from(chunks: number[][]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield Uint8Array.from(chunk);
}

async function joined(chunks: number[][]): Promise<string> {
  let text = '';
  for await (const part of base64Chunks(from(chunks))) text += part;
  return text;
}

describe('base64 of a byte stream, chunk by chunk', () => {
  it('equals the base64 of the whole, however the bytes are split', async () => {
    const bytes = Array.from({ length: 100 }, (_, i) => (i * 37) % 256);
    const whole = Buffer.from(bytes).toString('base64');
    for (const sizes of [[100], [1, 99], [2, 2, 2, 94], [7, 0, 50, 43], [3, 3, 94]]) {
      const chunks: number[][] = [];
      let at = 0;
      for (const size of sizes) {
        chunks.push(bytes.slice(at, at + size));
        at += size;
      }
      expect(await joined(chunks)).toBe(whole);
    }
  });

  it('gives nothing for no bytes and pads a short tail', async () => {
    expect(await joined([])).toBe('');
    expect(await joined([[255]])).toBe('/w==');
  });
});
