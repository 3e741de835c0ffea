import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../server/recorder/core/db/database';
import { ApiError } from '../../../../../server/common/api-error';
import {
  checkMove,
  checkPresetName,
  checkPresetToken,
  checkRoomForPreset,
  checkUniquePresetName,
  effectiveMaxPresets,
  FORCED_RELATIVE_STEP,
  parseQuirks,
  planMove,
  presentPresets,
} from '../../../../../server/recorder/ptz/ptz-command';
import { PtzPresetNames } from '../../../../../server/recorder/ptz/ptz-preset-names';
import { PtzService, type PtzCameraInfo } from '../../../../../server/recorder/ptz/ptz-service';
import type { PtzCall } from '../../../../../server/recorder/ptz/ptz-command';
import type { PtzDevice } from '../../../../../server/recorder/ptz/onvif-ptz-client';
import { parseMaxPresets, parsePresets, parseSetPresetToken } from '../../../../../server/recorder/ptz/ptz-soap';
import { MESSAGES } from '../../../../../server/shared/validation';

const all = { pan: true, tilt: true, zoom: true, relativeFOV: true };
const none = new Set<never>();

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('PTZ moves', () => {
  it('accepts -1..1 per axis and refuses anything else', () => {
    expect(checkMove({ x: 1, y: -1, z: 0.5, type: 'continuous' })).toEqual({ x: 1, y: -1, z: 0.5, type: 'continuous' });
    expect(code(() => checkMove({ x: 1.01, y: 0, z: 0, type: 'relative' }))).toBe('invalid-ptz-move');
    expect(code(() => checkMove({ x: Number.NaN, y: 0, z: 0, type: 'relative' }))).toBe('invalid-ptz-move');
    expect(code(() => checkMove({ x: '1', y: 0, z: 0, type: 'relative' }))).toBe('invalid-ptz-move');
    expect(code(() => checkMove({ x: 0, y: 0, z: 0, type: 'absolute' }))).toBe('invalid-ptz-move');
  });

  it('continuous zero is a stop; axes the camera lacks are dropped', () => {
    expect(planMove({ x: 0, y: 0, z: 0, type: 'continuous' }, all, none)).toEqual([{ kind: 'stop' }]);
    const calls = planMove({ x: 0.5, y: 0.5, z: 0.5, type: 'continuous' }, { ...all, tilt: false, zoom: false }, none);
    expect(calls).toMatchObject([{ kind: 'continuous', x: 0.5, y: 0, zoom: 0, part: 'all' }]);
    expect(planMove({ x: 0, y: 0, z: 0.5, type: 'relative' }, { ...all, zoom: false }, none)).toEqual([]);
  });

  it('force-relative-ptz turns a velocity into one relative step and a stop into nothing', () => {
    const quirks = parseQuirks(['force-relative-ptz']);
    expect(planMove({ x: 1, y: -0.5, z: 0, type: 'continuous' }, all, quirks)).toEqual([
      { kind: 'relative', x: FORCED_RELATIVE_STEP, y: -0.5 * FORCED_RELATIVE_STEP, zoom: 0, part: 'all', space: 'generic' },
    ]);
    expect(planMove({ x: 0, y: 0, z: 0, type: 'continuous' }, all, quirks)).toEqual([]);
  });

  it('zoom-override sends pan/tilt and zoom separately', () => {
    const calls = planMove({ x: 0.2, y: 0, z: 0.3, type: 'relative' }, all, parseQuirks(['zoom-override', 'unknown']));
    expect(calls.map((c: PtzCall) => (c.kind === 'stop' ? 'stop' : c.part))).toEqual(['pan-tilt', 'zoom']);
  });

  it('relativeFOV uses the FOV space when the camera has it, else half the values in the generic space', () => {
    expect(planMove({ x: 1, y: 0, z: 0, type: 'relativeFOV' }, all, none)).toMatchObject([{ kind: 'relative', x: 1, space: 'fov' }]);
    expect(planMove({ x: 1, y: 0, z: 0, type: 'relativeFOV' }, { ...all, relativeFOV: false }, none)).toMatchObject([
      { kind: 'relative', x: 0.5, space: 'generic' },
    ]);
  });
});

describe('PTZ presets rules (spec 3, 5, 9)', () => {
  it('names: up to 32 letters, digits and spaces; blank allowed', () => {
    expect(checkPresetName('Door 1')).toBe('Door 1');
    expect(checkPresetName('  Gate  ')).toBe('Gate');
    expect(checkPresetName('')).toBe('');
    expect(checkPresetName('x'.repeat(32))).toHaveLength(32);
    expect(() => checkPresetName('x'.repeat(33))).toThrow(MESSAGES.presetNameTooLong);
    expect(() => checkPresetName('<Name>')).toThrow(MESSAGES.presetNameInvalid);
    expect(() => checkPresetName('a_b')).toThrow(MESSAGES.presetNameInvalid);
  });

  it('tokens are plain (they go into SOAP)', () => {
    expect(checkPresetToken('Preset_1')).toBe('Preset_1');
    expect(code(() => checkPresetToken('</PresetToken><x>'))).toBe('invalid-preset-token');
  });

  it('lists sorted by name with blank names as Preset + token', () => {
    expect(presentPresets([{ token: '3', name: 'b' }, { token: '7', name: '' }, { token: '1', name: 'A' }, { token: '2', name: 'Preset 10' }])).toEqual([
      { token: '1', name: 'A' },
      { token: '3', name: 'b' },
      { token: '7', name: 'Preset 7' },
      { token: '2', name: 'Preset 10' },
    ]);
  });

  it('max presets: capability, else the device, else 10; a full camera refuses more', () => {
    expect(effectiveMaxPresets(4, 20)).toBe(4);
    expect(effectiveMaxPresets(undefined, 20)).toBe(20);
    expect(effectiveMaxPresets(0, undefined)).toBe(10);
    expect(code(() => checkRoomForPreset(9, 10))).toBe('accepted');
    expect(code(() => checkRoomForPreset(10, 10))).toBe('errorCreatingPreset');
    expect(code(() => checkUniquePresetName([{ token: '1', name: 'Door' }], 'door'))).toBe('errorCreatingPreset');
    expect(code(() => checkUniquePresetName([{ token: '1', name: 'Door' }], 'door', '1'))).toBe('accepted');
  });

  it('reads presets, tokens and limits from SOAP replies', () => {
    const xml =
      '<tptz:GetPresetsResponse><tptz:Preset token="1"><tt:Name>007</tt:Name></tptz:Preset>' +
      '<tptz:Preset token="2"><tt:Name>A &amp; B</tt:Name></tptz:Preset><tptz:Preset token="3"/></tptz:GetPresetsResponse>';
    expect(parsePresets(xml)).toEqual([
      { token: '1', name: '007' },
      { token: '2', name: 'A & B' },
      { token: '3', name: '' },
    ]);
    expect(parseSetPresetToken('<tptz:SetPresetResponse><tptz:PresetToken>p9</tptz:PresetToken></tptz:SetPresetResponse>')).toBe('p9');
    expect(parseMaxPresets('<tt:MaximumNumberOfPresets>16</tt:MaximumNumberOfPresets>')).toBe(16);
  });
});

class FakeDevice implements PtzDevice {
  calls: PtzCall[] = [];
  store = new Map<string, string>();
  next = 1;
  fail: Error | undefined;
  async run(call: PtzCall) {
    if (this.fail) throw this.fail;
    this.calls.push(call);
  }
  async presets() {
    return [...this.store].map(([token, name]) => ({ token, name }));
  }
  async setPreset(name: string, token?: string) {
    if (this.fail) throw this.fail;
    const t = token ?? String(this.next++);
    this.store.set(t, name);
    return t;
  }
  async removePreset(token: string) {
    this.store.delete(token);
  }
  async gotoPreset() {}
  async maxPresets() {
    return undefined;
  }
}

function service(camera: Partial<PtzCameraInfo> = {}) {
  const db = new Database(':memory:');
  migrate(db);
  const device = new FakeDevice();
  const info: PtzCameraInfo = {
    id: 'cam1',
    driver: 'ONVIF',
    connection: { uri: 'http://127.0.0.1:1/onvif/device_service' },
    ptz: { ...all, maxPresets: 2 },
    ...camera,
  };
  const ptz = new PtzService({ ptzCamera: (id) => (id === 'cam1' ? info : undefined) }, { device: async () => device, forget: () => undefined }, new PtzPresetNames(db));
  return { ptz, device };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe('PTZ service', () => {
  it('creates up to maxPresets, renames in the recorder, deletes', async () => {
    const { ptz, device } = service();
    expect(await ptz.createPreset('cam1', { name: 'Door' })).toEqual({ token: '1', name: 'Door' });
    expect(await ptz.createPreset('cam1', { name: '' })).toEqual({ token: '2', name: 'Preset 2' });
    expect(await codeOf(ptz.createPreset('cam1', { name: 'Third' }))).toBe('409 errorCreatingPreset');
    await ptz.renamePreset('cam1', '2', { name: 'Gate' });
    expect(device.store.get('2')).toBe('');
    expect((await ptz.presets('cam1')).presets).toEqual([
      { token: '1', name: 'Door' },
      { token: '2', name: 'Gate' },
    ]);
    await ptz.deletePreset('cam1', '1');
    expect((await ptz.presets('cam1')).presets.map((p) => p.token)).toEqual(['2']);
    expect(await codeOf(ptz.deletePreset('cam1', '1'))).toBe('404 preset-not-found');
  });

  it('answers clear errors: unknown camera, no PTZ, bad id, camera failure', async () => {
    expect(await codeOf(service().ptz.move('nope', { x: 0, y: 0, z: 0, type: 'continuous' }))).toBe('404 camera-not-found');
    expect(await codeOf(service().ptz.move('../x', { x: 0, y: 0, z: 0, type: 'continuous' }))).toBe('400 invalid-camera-id');
    expect(await codeOf(service({ ptz: undefined }).ptz.move('cam1', { x: 0, y: 0, z: 0, type: 'continuous' }))).toBe('409 ptz-not-supported');
    const failing = service();
    failing.device.fail = new Error('SOAP fault');
    expect(await codeOf(failing.ptz.createPreset('cam1', { name: 'X' }))).toBe('502 errorCreatingPreset');
    expect(await codeOf(failing.ptz.move('cam1', { x: 0.1, y: 0, z: 0, type: 'continuous' }))).toBe('502 ptz-failed');
  });

  it('keeps calls to one camera in order', async () => {
    const { ptz, device } = service();
    await Promise.all([
      ptz.move('cam1', { x: 0.5, y: 0, z: 0, type: 'continuous' }),
      ptz.move('cam1', { x: 0, y: 0, z: 0, type: 'continuous' }),
    ]);
    expect(device.calls.map((c) => c.kind)).toEqual(['continuous', 'stop']);
  });
});
