/** Cameras as the bag lists them (GET /service/cameras), with only what the stage's pure helpers read. */
import type { Camera } from '../../../server/shared/api';

export function camera(id: string, name: string, extra: { dewarp?: boolean; state?: 'running' | 'idle'; live?: boolean } = {}): Camera {
  const stream = {
    id: `${id}-s`,
    href: `/service/streams/${id}-s`,
    rtsp: '',
    status: { streamState: extra.state ?? 'running' },
    dewarpConfiguration: extra.dewarp ? { enable: true } : null,
  };
  return {
    id,
    name,
    orchidId: 'o1',
    displayModel: 'SimCam PTZ',
    primaryStream: stream,
    streams: [stream],
    permissions: { actions: { live: extra.live ?? true, playback: true, ptz: true, export: true } },
  } as unknown as Camera;
}
