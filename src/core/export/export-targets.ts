/**
 * Who may export what (spec 2, 4, 6): the export button is hidden for a
 * Viewer and a Live Viewer; the dialog lists one row per linked camera on
 * the stage whose permissions allow export, each with a button per format.
 * mov is left out on mobile Safari (spec 2); "html dewarp" shows only for a
 * camera whose stream has a dewarp configuration, when the browser can run
 * the dewarp shader (WebGL2). A failed (camera, format) pair disables that
 * pair's button; an invalid range disables them all.
 *
 * Pure: the role, the cameras and what the browser can do come in as
 * arguments, so each rule is tested without a browser.
 */
import type { Camera, StreamDewarpConfiguration } from '../../../server/shared/api';
import { can, type Role } from '../../../server/shared/roles';

export const EXPORT_CHOICES = ['mkv', 'mov', 'html-dewarp'] as const;
export type ExportChoice = (typeof EXPORT_CHOICES)[number];

export interface ExportTarget {
  cameraId: string;
  cameraName: string;
  /** The stream exported: the camera's primary stream. */
  streamId: string;
  /** The camera's server (orchidId): the export is made there. */
  server: string;
  choices: ExportChoice[];
  /** The stream's dewarp settings when it has them (the html dewarp page draws with them), else null. */
  dewarp: StreamDewarpConfiguration | null;
}

export interface ExportBrowser {
  mobileSafari: boolean;
  /** WebGL2 is there to run the dewarp shader in the exported page. */
  webGl2: boolean;
}

/** A stage tile's camera and whether the tile follows the master timeline. */
export interface StageTileCamera {
  cameraId: string;
  linked: boolean;
}

/** The control bar's Export button: hidden for the roles that may not export (Viewer, Live Viewer). */
export function exportButtonShown(role: Role | undefined): boolean {
  return can(role, 'export');
}

/** The exported stream's dewarp settings, or null when it has none or they are switched off. */
export function dewarpOf(camera: Camera): StreamDewarpConfiguration | null {
  const stream = camera.streams.find((entry) => entry.id === camera.primaryStream?.id);
  const config = stream?.dewarpConfiguration;
  return config && config.enable !== false ? config : null;
}

export function exportChoices(camera: Camera, browser: ExportBrowser): ExportChoice[] {
  const choices: ExportChoice[] = ['mkv'];
  if (!browser.mobileSafari) choices.push('mov');
  if (browser.webGl2 && dewarpOf(camera)) choices.push('html-dewarp');
  return choices;
}

/**
 * One row per camera on a linked tile (each camera once, in stage order)
 * that the user may export and that has a stream; empty when there is none,
 * which the dialog words as "No linked cameras the user may export".
 */
export function exportTargets(tiles: readonly StageTileCamera[], cameras: readonly Camera[], browser: ExportBrowser): ExportTarget[] {
  const targets: ExportTarget[] = [];
  const seen = new Set<string>();
  for (const tile of tiles) {
    if (!tile.linked || seen.has(tile.cameraId)) continue;
    const camera = cameras.find((entry) => entry.id === tile.cameraId);
    if (!camera?.permissions.actions.export || !camera.primaryStream) continue;
    seen.add(tile.cameraId);
    targets.push({
      cameraId: camera.id,
      cameraName: camera.name,
      streamId: camera.primaryStream.id,
      server: camera.orchidId,
      choices: exportChoices(camera, browser),
      dewarp: dewarpOf(camera),
    });
  }
  return targets;
}

export const pairKey = (cameraId: string, choice: ExportChoice) => `${cameraId}:${choice}`;

/** A pair's button is disabled while the range is invalid, while that pair is being prepared, or after it failed. */
export function pairDisabled(rangeInvalid: boolean, pair: { status: 'preparing' | 'failed' } | undefined): boolean {
  return rangeInvalid || pair !== undefined;
}
