import { describe, expect, it } from 'vitest';
import type { ViewSpec } from '../../../../server/camera-sim/encoder-args';
import { PtzController } from '../../../../server/camera-sim/ptz-controller';

const geometry = { sceneWidth: 2560, sceneHeight: 1440, viewWidth: 1280, viewHeight: 720 };

/** A controller whose views go on air when the test says so. */
function setup() {
  let nowMs = 1_000_000;
  const applied: ViewSpec[] = [];
  const pending: Array<() => void> = [];
  const ptz = new PtzController({
    geometry,
    maxPresets: 2,
    nowMs: () => nowMs,
    applyView: (view) =>
      new Promise((resolve) => {
        applied.push(view);
        pending.push(() => resolve(nowMs));
      }),
  });
  const onAir = async (): Promise<void> => {
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { ptz, applied, onAir, advance: (ms: number) => (nowMs += ms) };
}

describe('PtzController', () => {
  it('reports MOVING until the new view is on air', async () => {
    const { ptz, applied, onAir } = setup();
    void ptz.absoluteMove({ pan: 0.5 });
    expect(ptz.status()).toMatchObject({ panTilt: 'MOVING', zoom: 'MOVING', position: { pan: 0.5, tilt: 0, zoom: 0 } });
    expect(applied[0]).toEqual({ kind: 'static', window: { x: 960, y: 360, width: 1280, height: 720 } });
    await onAir();
    expect(ptz.status()).toMatchObject({ panTilt: 'IDLE', zoom: 'IDLE' });
  });

  it('adds relative moves to the current position and clamps', async () => {
    const { ptz, onAir } = setup();
    void ptz.relativeMove({ pan: 0.75, zoom: 0.5 });
    await onAir();
    void ptz.relativeMove({ pan: 0.5, tilt: -0.25 });
    await onAir();
    expect(ptz.currentPosition()).toEqual({ pan: 1, tilt: -0.25, zoom: 0.5 });
  });

  it('moves continuously from the first moving frame and parks where it is on stop', async () => {
    const { ptz, applied, onAir, advance } = setup();
    void ptz.continuousMove({ pan: 1, tilt: 0, zoom: 0 }, 10_000);
    expect(applied[0]).toEqual({ kind: 'moving', start: { pan: 0, tilt: 0, zoom: 0 }, velocity: { pan: 1, tilt: 0, zoom: 0 } });
    advance(300); // the moving encoder starting: the picture has not moved yet
    await onAir();
    expect(ptz.currentPosition().pan).toBe(0);
    advance(1000);
    expect(ptz.currentPosition().pan).toBeCloseTo(0.5, 4);
    expect(ptz.status().panTilt).toBe('MOVING');
    void ptz.stop();
    const parked = applied[1]!;
    expect(parked.kind).toBe('static');
    await onAir();
    const stopped = ptz.currentPosition().pan;
    // Parked ahead of where it was, by the expected switch time (learned: about 0.3-0.4 s at 0.5 units/s).
    expect(stopped).toBeGreaterThan(0.5);
    expect(stopped).toBeLessThan(0.8);
    expect(ptz.status()).toMatchObject({ panTilt: 'IDLE', zoom: 'IDLE' });
  });

  it('stops a continuous move by itself after its timeout', async () => {
    const { ptz, applied, onAir } = setup();
    void ptz.continuousMove({ pan: 0, tilt: 1, zoom: 0 }, 20);
    await onAir();
    await new Promise((r) => setTimeout(r, 40));
    expect(applied.map((v) => v.kind)).toEqual(['moving', 'static']);
  });

  it('returns to presets and home', async () => {
    const { ptz, applied, onAir } = setup();
    void ptz.absoluteMove({ pan: -0.5, tilt: 0.5, zoom: 0.25 });
    await onAir();
    const token = ptz.setPreset('Door', undefined);
    void ptz.absoluteMove({ pan: 0.9, tilt: -0.9, zoom: 0 });
    await onAir();
    void ptz.gotoPreset(token);
    await onAir();
    expect(ptz.currentPosition()).toEqual({ pan: -0.5, tilt: 0.5, zoom: 0.25 });
    expect(applied[2]).toEqual(applied[0]);
    void ptz.gotoHome();
    await onAir();
    expect(ptz.currentPosition()).toEqual({ pan: 0, tilt: 0, zoom: 0 });
    expect(() => ptz.gotoPreset('9')).toThrow();
  });
});
