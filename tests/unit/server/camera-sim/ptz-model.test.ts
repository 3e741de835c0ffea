import { describe, expect, it } from 'vitest';
import { clampPosition, magnification, positionAfter, PresetError, PresetStore, PTZ_HOME, windowFor } from '../../../../server/camera-sim/ptz-model';

const geometry = { sceneWidth: 2560, sceneHeight: 1440, viewWidth: 1280, viewHeight: 720 };

describe('windowFor', () => {
  it('shows the centre of the scene at output size when unmoved', () => {
    expect(windowFor(PTZ_HOME, geometry)).toEqual({ x: 640, y: 360, width: 1280, height: 720 });
  });

  it('pans to the scene edges at -1 and +1, tilt +1 looks up', () => {
    expect(windowFor({ pan: -1, tilt: 1, zoom: 0 }, geometry)).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
    expect(windowFor({ pan: 1, tilt: -1, zoom: 0 }, geometry)).toEqual({ x: 1280, y: 720, width: 1280, height: 720 });
  });

  it('zooms in up to 4x, keeping even sizes inside the scene', () => {
    expect(magnification(1)).toBe(4);
    expect(windowFor({ pan: 0, tilt: 0, zoom: 1 }, geometry)).toEqual({ x: 1120, y: 630, width: 320, height: 180 });
    const w = windowFor({ pan: 0.3333, tilt: -0.77, zoom: 0.41 }, geometry);
    for (const v of Object.values(w)) expect(v % 2).toBe(0);
    expect(w.x + w.width).toBeLessThanOrEqual(2560);
    expect(w.y + w.height).toBeLessThanOrEqual(1440);
  });

  it('clamps positions into the generic spaces', () => {
    expect(clampPosition({ pan: 3, tilt: -2, zoom: -1 })).toEqual({ pan: 1, tilt: -1, zoom: 0 });
  });
});

describe('positionAfter', () => {
  it('moves linearly (0.5 units/s pan/tilt, 0.25 units/s zoom at velocity 1) and stops at the limits', () => {
    expect(positionAfter(PTZ_HOME, { pan: 1, tilt: -0.5, zoom: 1 }, 1000)).toEqual({ pan: 0.5, tilt: -0.25, zoom: 0.25 });
    expect(positionAfter(PTZ_HOME, { pan: 1, tilt: 0, zoom: -1 }, 10_000)).toEqual({ pan: 1, tilt: 0, zoom: 0 });
  });
});

describe('PresetStore', () => {
  it('creates presets with tokens 1..max, renames by token and refuses beyond max', () => {
    const store = new PresetStore(2);
    expect(store.set({ pan: 0.1, tilt: 0, zoom: 0 }, 'Door', undefined)).toBe('1');
    expect(store.set({ pan: 0.2, tilt: 0, zoom: 0 }, undefined, undefined)).toBe('2');
    expect(store.get('2')?.name).toBe('Preset 2');
    expect(() => store.set(PTZ_HOME, 'Third', undefined)).toThrow(PresetError);
    expect(store.set({ pan: 0.5, tilt: 0, zoom: 0 }, 'Gate', '2')).toBe('2');
    expect(store.get('2')).toEqual({ token: '2', name: 'Gate', position: { pan: 0.5, tilt: 0, zoom: 0 } });
    store.remove('1');
    expect(store.set(PTZ_HOME, 'Yard', undefined)).toBe('1');
    expect(store.list().map((p) => p.name)).toEqual(['Yard', 'Gate']);
  });

  it('reports the ONVIF error codes', () => {
    const store = new PresetStore(1);
    store.set(PTZ_HOME, 'Door', undefined);
    const code = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (err) {
        return (err as PresetError).code;
      }
      return undefined;
    };
    expect(code(() => store.set(PTZ_HOME, 'X', undefined))).toBe('TooManyPresets');
    expect(code(() => store.set(PTZ_HOME, 'X', '9'))).toBe('NoToken');
    expect(code(() => store.remove('9'))).toBe('NoToken');
    const two = new PresetStore(3);
    two.set(PTZ_HOME, 'Door', undefined);
    expect(code(() => two.set(PTZ_HOME, 'Door', undefined))).toBe('PresetExist');
    expect(code(() => two.set(PTZ_HOME, 'x'.repeat(65), undefined))).toBe('InvalidPresetName');
  });
});
