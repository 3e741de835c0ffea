/**
 * What other recorder features may use of PTZ: the directory port through
 * which PTZ learns about a camera (retention's catalogue answers it).
 */
export type { PtzCameraDirectory, PtzCameraInfo } from './ptz-service';
