/**
 * The e2e screenshot decoder against ffmpeg's own reading of the same PNGs:
 * a test pattern written as RGB and as RGBA (ffmpeg's PNG encoder mixes the
 * five row filters), decoded here, must match ffmpeg's raw RGBA byte for byte.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng, grayOf } from '../../../e2e/fixtures/png-pixels';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-png-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function ffmpeg(...args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], { maxBuffer: 64 * 1024 * 1024 });
}

describe('decodePng', () => {
  for (const pixelFormat of ['rgb24', 'rgba']) {
    it(`reads a ${pixelFormat} PNG with mixed row filters as ffmpeg does`, () => {
      const file = path.join(dir, `${pixelFormat}.png`);
      ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=96x60', '-vf', 'scale=97:61', '-frames:v', '1', '-pix_fmt', pixelFormat, '-pred', 'mixed', '-y', file);
      const expected = ffmpeg('-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-');
      const pixels = decodePng(fs.readFileSync(file));
      expect([pixels.width, pixels.height]).toEqual([97, 61]);
      expect(Buffer.from(pixels.rgba).equals(expected)).toBe(true);
    });
  }

  it('refuses what is not a PNG', () => {
    expect(() => decodePng(Buffer.from('not a picture'))).toThrow('not a PNG');
  });
});

describe('grayOf', () => {
  it('weighs red, green and blue as BT.601 luma', () => {
    expect([...grayOf(Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 200, 200, 200, 0]))]).toEqual([76, 150, 29, 200]);
  });
});
