/**
 * What other recorder features may use of cameras: the cameras service (the
 * demo registers its simulated cameras through it) and the store that owns
 * the cameras and streams tables, which others ask instead of reading them.
 */
export type { CamerasService } from './cameras';
export type { CamerasStore } from './cameras-store';
