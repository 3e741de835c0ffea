/**
 * A tile's shader request as the compositor's TileSpec: the stream's dewarp
 * settings (spec 3 defaults: ceiling, depth 1, pan 0 / tilt 45 / zoom 0.5,
 * panorama aspect 4, shift 0) for modes 1 and 2, else the digital zoom.
 * A perspective tile shows the view the user turned to (drag, wheel),
 * clamped to its mounting's limits, or the settings' default view.
 * Pure; runs when a tile's place, zoom or dewarp mode changes.
 */
import type { TileSpec } from '../../workers/core/tile-compositor-plan';
import { DEFAULT_DEWARP_SETTINGS } from '../../workers/core/dewarp/dewarp-settings';
import { shownDewarpView } from './dewarp-view';
import type { ShaderRequest } from './stage-player';

export function compositorTileSpec(id: string, request: ShaderRequest): TileSpec {
  const settings = request.dewarp;
  const orientation = settings?.orientation ?? DEFAULT_DEWARP_SETTINGS.orientation;
  const rect = { ...request.rect };
  if (settings?.enable && request.dewarpMode === 1) {
    return {
      id,
      rect,
      dewarp: {
        mode: 1,
        orientation,
        view: shownDewarpView(request.view, settings),
        depth: settings.perspectiveDepth ?? DEFAULT_DEWARP_SETTINGS.perspectiveDepth,
      },
    };
  }
  if (settings?.enable && request.dewarpMode === 2) {
    return {
      id,
      rect,
      dewarp: {
        mode: 2,
        orientation,
        aspectRatio: settings.panoramaAspectRatio ?? DEFAULT_DEWARP_SETTINGS.panoramaAspectRatio,
        shiftDeg: settings.panoramaShift ?? DEFAULT_DEWARP_SETTINGS.panoramaShift,
      },
    };
  }
  return { id, rect, dewarp: { mode: 0 }, digital: { ...request.zoom } };
}
