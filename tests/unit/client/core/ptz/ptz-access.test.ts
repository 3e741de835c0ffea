import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../../../server/shared/api';
import { controlColour } from '../../../../../src/core/ptz/control-colour';
import { ptzAccess, ptzPaneAvailable, STAGE_PTZ_OPTIONS, type PtzCamera } from '../../../../../src/core/ptz/ptz-access';

function camera(over: { ptz?: boolean; live?: boolean; presets?: boolean; pan?: boolean } = {}): PtzCamera {
  const pan = over.pan ?? true;
  return {
    capabilities: { camera: { PossibleStreams: 1, PTZ: { pan: pan ? 'true' : 'false', tilt: pan ? 'true' : 'false', zoom: pan ? 'true' : 'false', relativeFOV: 'false', maxPresets: 10 } } },
    permissions: { actions: { ptz: over.ptz ?? true, live: over.live ?? true, playback: true, export: true } },
    features: { ptzPresets: over.presets ?? true, dewarpConfiguration: false },
  } as Pick<Camera, 'capabilities' | 'permissions' | 'features'>;
}

describe('PTZ access', () => {
  it('an Administrator with the option moves, goes to and manages presets', () => {
    expect(ptzAccess(camera(), 'Administrator', STAGE_PTZ_OPTIONS)).toEqual({ controls: true, presets: true, goToPreset: true, managePresets: true });
  });

  it('managing needs both the Administrator role and the canManagePtzPresets option', () => {
    expect(ptzAccess(camera(), 'Manager', STAGE_PTZ_OPTIONS).managePresets).toBe(false);
    expect(ptzAccess(camera(), 'Administrator', { ...STAGE_PTZ_OPTIONS, canManagePtzPresets: false }).managePresets).toBe(false);
  });

  it('a Manager moves and goes to presets, view-only otherwise', () => {
    expect(ptzAccess(camera(), 'Manager', STAGE_PTZ_OPTIONS)).toEqual({ controls: true, presets: true, goToPreset: true, managePresets: false });
  });

  it('a Viewer (no PTZ permission) sees the presets only: no controls, no go to, no managing', () => {
    expect(ptzAccess(camera({ ptz: false }), 'Viewer', STAGE_PTZ_OPTIONS)).toEqual({ controls: false, presets: true, goToPreset: false, managePresets: false });
    expect(ptzPaneAvailable(camera({ ptz: false }), STAGE_PTZ_OPTIONS)).toBe(true);
  });

  it('follows showPtz and showPtzPresets, and offers nothing for a camera that cannot move', () => {
    expect(ptzAccess(camera(), 'Manager', { ...STAGE_PTZ_OPTIONS, showPtz: false }).controls).toBe(false);
    expect(ptzAccess(camera(), 'Manager', { ...STAGE_PTZ_OPTIONS, showPtzPresets: false })).toEqual({ controls: true, presets: false, goToPreset: false, managePresets: false });
    expect(ptzAccess(camera({ presets: false }), 'Administrator', STAGE_PTZ_OPTIONS).presets).toBe(false);
    expect(ptzPaneAvailable(camera({ pan: false }), STAGE_PTZ_OPTIONS)).toBe(false);
    expect(ptzPaneAvailable(camera({ ptz: false }), { ...STAGE_PTZ_OPTIONS, showPtzPresets: false })).toBe(false);
  });

  it('takes ptzControlColor only when it is a plain colour', () => {
    expect(controlColour('#ff8800')).toBe('#ff8800');
    expect(controlColour(' orange ')).toBe('orange');
    expect(controlColour('rgb(255, 0, 0)')).toBe('rgb(255, 0, 0)');
    expect(controlColour('red; background: url(x)')).toBeNull();
    expect(controlColour('url(javascript:1)')).toBeNull();
    expect(controlColour(null)).toBeNull();
  });
});
