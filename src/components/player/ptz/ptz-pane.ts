/**
 * The PTZ pane's chunk: the on-picture controls and the presets pane with
 * their dialogs, styles and API client. Loaded the first time a tile's PTZ
 * pane opens (lazy-ptz.tsx), so players that never open it do not carry it.
 */
import './ptz.css';

export { PtzControls } from './ptz-controls';
export { PtzPresetsPane } from './ptz-presets-pane';
