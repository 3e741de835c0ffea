/**
 * What a player offers of PTZ (spec 3 "Player options", 6): the player
 * options showPtz, showPtzPresets, canManagePtzPresets and ptzControlColor
 * (read by control-colour.ts), and what the camera, its permissions and the
 * user's role allow.
 *
 * - Controls (move, click to centre): the camera can move, the option
 *   shows them, and the user may use PTZ (permissions.actions.ptz).
 * - Presets: the camera keeps presets (features.ptzPresets) and the option
 *   shows them; anyone who may watch the camera sees the list (a Viewer
 *   too: view-only, spec 6), going to one needs PTZ.
 * - Managing (new, rename, delete): an Administrator, and the player option
 *   canManagePtzPresets (the stage sets it; the API player takes it from
 *   its manage-ptz-presets argument).
 * The header's PTZ toggle shows when either controls or presets are offered.
 * Pure, and small: the tile imports it for its header, everything else of
 * PTZ loads with the pane.
 */
import type { Camera } from '../../../server/shared/api';
import { isAdministrator, type Role } from '../../../server/shared/roles';

export interface PtzPlayerOptions {
  showPtz: boolean;
  showPtzPresets: boolean;
  canManagePtzPresets: boolean;
  /** CSS colour of the on-picture controls; null: the player's own. */
  ptzControlColor: string | null;
}

/** The stage's players: everything shown, managing left to the role. */
export const STAGE_PTZ_OPTIONS: PtzPlayerOptions = {
  showPtz: true,
  showPtzPresets: true,
  canManagePtzPresets: true,
  ptzControlColor: null,
};

export interface PtzAccess {
  controls: boolean;
  presets: boolean;
  goToPreset: boolean;
  managePresets: boolean;
}

export type PtzCamera = Pick<Camera, 'capabilities' | 'permissions' | 'features'>;

export function ptzAccess(camera: PtzCamera, role: Role | undefined, options: PtzPlayerOptions): PtzAccess {
  const ptz = camera.capabilities.camera.PTZ;
  const movable = ptz.pan === 'true' || ptz.tilt === 'true' || ptz.zoom === 'true';
  const actions = camera.permissions.actions;
  const controls = movable && options.showPtz && actions.ptz;
  const presets = movable && options.showPtzPresets && camera.features.ptzPresets && (actions.live || actions.ptz);
  return {
    controls,
    presets,
    goToPreset: presets && actions.ptz,
    managePresets: presets && isAdministrator(role) && options.canManagePtzPresets,
  };
}

/** Whether the header offers the PTZ toggle: something to show behind it. The role only decides managing, which never stands alone. */
export function ptzPaneAvailable(camera: PtzCamera, options: PtzPlayerOptions): boolean {
  const access = ptzAccess(camera, undefined, options);
  return access.controls || access.presets;
}
