/**
 * What other recorder features may use of motion: the narrow port through
 * which the motion mask asks the cameras feature about a stream's settings.
 */
export type { MaskStreamPort } from './motion-mask-service';
