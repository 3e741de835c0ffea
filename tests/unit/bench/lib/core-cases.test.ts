import { describe, expect, it } from 'vitest';
import { base64Bytes } from '../../../../bench/lib/cores';
import { base64Payload, BASE64_CHARS, coreGroups, FREE_CELLS, wallContexts, wallOf64 } from '../../../../bench/lib/core-cases';

describe('the cores micro-benchmark cases', () => {
  it('builds a 64-cell wall with every cell claimed but the free corner', () => {
    const wall = wallOf64();
    expect(wall).toHaveLength(8);
    expect(wall.every((cells) => cells.length === 8)).toBe(true);
    expect(wall.flat().filter((cell) => cell.camera).length).toBe(64 - FREE_CELLS.length);
  });

  it('times operations that succeed, not refusals', () => {
    for (const { group, baseline, cases } of coreGroups()) {
      for (const c of [...(baseline ? [baseline] : []), ...cases]) {
        const answer = c.fn() as { ok?: boolean } | undefined;
        expect(answer?.ok, `${group} / ${c.name}`).not.toBe(false);
      }
    }
  });

  it('decodes the payload as the worker fallback does, to the same bytes as Buffer', () => {
    const payload = base64Payload();
    expect(payload).toHaveLength(BASE64_CHARS);
    expect(Buffer.from(base64Bytes(payload, undefined)).equals(Buffer.from(payload, 'base64'))).toBe(true);
  });

  it('gives a 64-player wall of live, played-back and paused contexts', () => {
    const contexts = wallContexts(1_000_000_000_000);
    expect(contexts).toHaveLength(64);
    expect(contexts.some((c) => c.timeMs === 0)).toBe(true);
    expect(contexts.some((c) => c.paused)).toBe(true);
    expect(contexts.some((c) => c.speed < 0)).toBe(true);
  });
});
