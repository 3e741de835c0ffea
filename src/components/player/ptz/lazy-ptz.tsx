/**
 * The PTZ pane's two parts as the tile mounts them, each loaded with the
 * pane's chunk (ptz-pane.ts) the first time a PTZ pane opens: the controls
 * inside the tile's media element (so the wheel still reaches the digital
 * zoom) and the presets pane above the picture. Nothing shows while the
 * chunk loads; a failed load is the tile's error boundary's to show.
 */
import { lazy, Suspense, type ReactElement } from 'react';
import type { PtzControlsProps } from './ptz-controls';
import type { PtzPresetsPaneProps } from './ptz-presets-pane';

const loadPane = () => import('./ptz-pane');
const Controls = lazy(async () => ({ default: (await loadPane()).PtzControls }));
const Presets = lazy(async () => ({ default: (await loadPane()).PtzPresetsPane }));

export function LazyPtzControls(props: PtzControlsProps): ReactElement {
  return (
    <Suspense fallback={null}>
      <Controls {...props} />
    </Suspense>
  );
}

export function LazyPtzPresets(props: PtzPresetsPaneProps): ReactElement {
  return (
    <Suspense fallback={null}>
      <Presets {...props} />
    </Suspense>
  );
}
