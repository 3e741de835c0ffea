/**
 * The shaders and the TypeScript that feeds them must agree on uniform names
 * and on the shared lens lookup; a rename on one side would otherwise only
 * show as a black tile in the browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPanoramaUniforms, createPerspectiveUniforms } from '../../../workers/core/dewarp';
import { TILE_UNIFORM_NAMES } from '../../../workers/core/tile-compositor-plan';

const shaderDir = path.resolve(import.meta.dirname, '../../../shaders');
const read = (name: string) => fs.readFileSync(path.join(shaderDir, name), 'utf8');

function uniformsOf(source: string): string[] {
  return [...source.matchAll(/^\s*uniform\s+\w+\s+(\w+)\s*;/gm)].map((m) => m[1]!).sort();
}

function lookupFunction(source: string): string {
  const start = source.indexOf('vec4 fisheyeLookup');
  return source.slice(start, source.indexOf('\n}\n', start));
}

describe('shaders', () => {
  it('are GLSL ES 3.00 with a shared varying', () => {
    for (const name of ['quad.vert', 'tile.frag', 'dewarp-perspective.frag', 'dewarp-panorama.frag']) {
      const source = read(name);
      expect(source.startsWith('#version 300 es\n')).toBe(true);
      expect(source).toMatch(name.endsWith('.vert') ? /\bout vec2 v_uv;/ : /\bin vec2 v_uv;/);
    }
  });

  it('declare exactly the uniforms the TypeScript fills, plus the texture', () => {
    expect(uniformsOf(read('dewarp-perspective.frag'))).toEqual(
      [...Object.keys(createPerspectiveUniforms()), 'u_texture'].sort(),
    );
    expect(uniformsOf(read('dewarp-panorama.frag'))).toEqual([...Object.keys(createPanoramaUniforms()), 'u_texture'].sort());
    expect(uniformsOf(read('tile.frag'))).toEqual([...TILE_UNIFORM_NAMES].sort());
  });

  it('share one fisheye lookup between the two dewarp shaders', () => {
    const perspective = lookupFunction(read('dewarp-perspective.frag'));
    expect(perspective.length).toBeGreaterThan(100);
    expect(lookupFunction(read('dewarp-panorama.frag'))).toBe(perspective);
  });
});
