import { describe, expect, it } from 'vitest';
import { DEWARP_RENDER_PIXEL_BUDGET, compositorPixelRatio, isSoftwareRenderer } from '../../../../../workers/core/dewarp/render-ratio';

const gpu = { maxSide: 16384, software: false };

describe('compositor pixel ratio (spec 9: dewarp renders at a pixel ratio of 4)', () => {
  it('renders at 4 while a tile dewarps on a GPU with room for it', () => {
    expect(compositorPixelRatio({ width: 800, height: 450 }, 1, true, gpu)).toBe(4);
  });

  it('keeps the device ratio when nothing dewarps', () => {
    expect(compositorPixelRatio({ width: 800, height: 450 }, 2, false, gpu)).toBe(2);
  });

  it('keeps the device ratio with software rendering, where every pixel costs CPU', () => {
    expect(compositorPixelRatio({ width: 800, height: 450 }, 1, true, { maxSide: 8192, software: true })).toBe(1);
  });

  it('stays within the pixel budget and the largest side the GPU renders, never below the device ratio', () => {
    const full = compositorPixelRatio({ width: 1920, height: 1080 }, 1, true, gpu);
    expect(full).toBeLessThan(4);
    expect(1920 * full * 1080 * full).toBeLessThanOrEqual(DEWARP_RENDER_PIXEL_BUDGET + 1);
    expect(compositorPixelRatio({ width: 1000, height: 500 }, 1, true, { maxSide: 2048, software: false })).toBeCloseTo(2.048);
    expect(compositorPixelRatio({ width: 4000, height: 2000 }, 2, true, { maxSide: 4096, software: false })).toBe(2);
  });

  it('treats a missing or odd device ratio as 1', () => {
    expect(compositorPixelRatio({ width: 100, height: 100 }, Number.NaN, false, gpu)).toBe(1);
    expect(compositorPixelRatio({ width: 100, height: 100 }, 0, false, gpu)).toBe(1);
  });
});

describe('software renderer names', () => {
  it('knows the rasterisers a machine without a GPU uses', () => {
    expect(isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
  });
});
