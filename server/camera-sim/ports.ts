/**
 * Port layout of the simulated cameras on one host: camera i (0-based) owns
 * the block basePort + 10 i .. + 9:
 *   +0  HTTP: ONVIF services and snapshot (tcp)
 *   +1  RTSP (tcp); RTP/RTCP over UDP use ephemeral ports
 *   +2  WS-Discovery responder (udp)
 * The rest of the block is reserved. Pure.
 */

export const PORTS_PER_CAMERA = 10;

export interface CameraPorts {
  http: number;
  rtsp: number;
  discovery: number;
}

export function cameraPorts(basePort: number, index: number): CameraPorts {
  const first = basePort + PORTS_PER_CAMERA * index;
  if (!Number.isInteger(first) || first < 1 || first + PORTS_PER_CAMERA - 1 > 65535) throw new RangeError(`no room for camera ${index} above port ${basePort}`);
  return { http: first, rtsp: first + 1, discovery: first + 2 };
}
