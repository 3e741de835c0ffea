import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import { call, connectOnvif, meanAbsDiff, snapshotGray, startSim, waitIdle, type OnvifCam } from './helpers';

const W = 320;
const H = 180;
let sim: CameraSim;
let cam: OnvifCam;

beforeAll(async () => {
  // Without the moving object, pictures of the same view differ only by coding noise.
  sim = await startSim({ count: 2, maxPresets: 3, motion: false });
  cam = await connectOnvif(sim.cameras[0]!);
});

afterAll(async () => {
  await sim?.stop();
});

describe('camera simulator PTZ', () => {
  it('describes a PTZ node with the configured preset capacity', async () => {
    const nodes = await call<Record<string, { maximumNumberOfPresets: number; homeSupported: boolean }>>(cam, 'getNodes');
    expect(nodes['ptz_node_0']).toMatchObject({ maximumNumberOfPresets: 3, homeSupported: true });
    const configurations = await call<Record<string, { nodeToken: string }>>(cam, 'getConfigurations');
    expect(configurations['PTZ']?.nodeToken).toBe('ptz_node_0');
    const options = await call(cam, 'getConfigurationOptions', 'ptz_config_0');
    expect(options.spaces.absolute.x).toMatchObject({ min: -1, max: 1 });
    expect(options.spaces.absolute.zoom).toMatchObject({ min: 0, max: 1 });
  });

  it('really moves the picture on a relative move, and only this camera\'s', async () => {
    const before = await snapshotGray(sim.cameras[0]!);
    const otherBefore = await snapshotGray(sim.cameras[1]!);
    expect(meanAbsDiff(before, await snapshotGray(sim.cameras[0]!), W, H)).toBeLessThan(3);

    await call(cam, 'relativeMove', { x: 0.4, y: -0.2, zoom: 0.3 });
    await waitIdle(cam);
    const status = await call(cam, 'getStatus', {});
    expect(status.position).toEqual({ x: 0.4, y: -0.2, zoom: 0.3 });
    const after = await snapshotGray(sim.cameras[0]!);
    expect(meanAbsDiff(before, after, W, H)).toBeGreaterThan(10);
    expect(meanAbsDiff(otherBefore, await snapshotGray(sim.cameras[1]!), W, H)).toBeLessThan(3);
  });

  it('returns to a preset with (nearly) the picture it had when saved', async () => {
    await call(cam, 'absoluteMove', { x: -0.6, y: 0.3, zoom: 0.5 });
    await waitIdle(cam);
    const saved = await snapshotGray(sim.cameras[0]!);
    const result = await call(cam, 'setPreset', { presetName: 'Gate' });
    const token = String(result[0].setPresetResponse[0].presetToken[0]);

    await call(cam, 'absoluteMove', { x: 0.7, y: -0.5, zoom: 0 });
    await waitIdle(cam);
    const elsewhere = await snapshotGray(sim.cameras[0]!);
    expect(meanAbsDiff(saved, elsewhere, W, H)).toBeGreaterThan(10);

    await call(cam, 'gotoPreset', { preset: token });
    await waitIdle(cam);
    const back = await snapshotGray(sim.cameras[0]!);
    expect(meanAbsDiff(saved, back, W, H)).toBeLessThan(3);
    expect((await call(cam, 'getStatus', {})).position).toEqual({ x: -0.6, y: 0.3, zoom: 0.5 });
  });

  it('lists, renames and removes presets, and refuses one beyond the maximum with a SOAP fault', async () => {
    const names = async (): Promise<string[]> => Object.keys(await call(cam, 'getPresets', {})).sort();
    const existing = await names();
    while ((await names()).length < 3) await call(cam, 'setPreset', { presetName: `P${(await names()).length}` });
    await expect(call(cam, 'setPreset', { presetName: 'One too many' })).rejects.toThrow(/Maximum number of presets/);
    const presets = await call<Record<string, { $: { token: string } }>>(cam, 'getPresets', {});
    const token = presets[existing[0] ?? 'P0']!.$.token;
    await call(cam, 'setPreset', { presetName: 'Renamed', presetToken: token });
    expect(await names()).toContain('Renamed');
    await call(cam, 'removePreset', { presetToken: token });
    expect(await names()).not.toContain('Renamed');
    await expect(call(cam, 'gotoPreset', { preset: '99' })).rejects.toThrow(/preset/i);
  });

  it('pans continuously until stopped, then reports IDLE at a new position', async () => {
    await call(cam, 'absoluteMove', { x: 0, y: 0, zoom: 0 });
    await waitIdle(cam);
    const start = await snapshotGray(sim.cameras[0]!);
    await call(cam, 'continuousMove', { x: -0.5, y: 0, zoom: 0, timeout: 5000 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await call(cam, 'getStatus', {})).moveStatus.panTilt).toBe('MOVING');
    await call(cam, 'stop', {});
    await waitIdle(cam);
    const status = await call(cam, 'getStatus', {});
    expect(status.position.x).toBeLessThan(-0.1);
    expect(status.position.y).toBe(0);
    expect(meanAbsDiff(start, await snapshotGray(sim.cameras[0]!), W, H)).toBeGreaterThan(5);
  });
});
