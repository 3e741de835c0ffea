/**
 * Wires live and recorded video delivery into the recorder: WebRTC
 * signalling, low-bandwidth streams, stream pictures and the RTSP restream,
 * all reading through LiveSources and ArchiveLookup. Registers the routes
 * and the shutdown (sessions ended, RTSP server closed) on the services.
 */
import type { RecorderServices } from '../services';
import { frameRoutes } from './frame-routes';
import { lowBandwidthRoutes } from './low-bandwidth-routes';
import { webRtcRoutes } from './webrtc-routes';
import type { ArchiveLookup, LiveSources } from '../core/media-contracts';
import { JpegFrames } from './jpeg-frames';
import { LowBandwidthStreams } from './low-bandwidth-streams';
import { RtspCredentials } from './rtsp-credentials';
import { startRtspRestream } from './rtsp-restream';

export async function attachLiveMedia(
  services: RecorderServices,
  media: { live: LiveSources; archive: ArchiveLookup },
): Promise<void> {
  const feedDeps = { live: media.live, archive: media.archive };
  const lowBandwidth = new LowBandwidthStreams(feedDeps);
  const frames = new JpegFrames(feedDeps);
  const rtsp = await startRtspRestream({
    host: services.config.host,
    port: services.config.rtspPort,
    live: media.live,
    credentials: new RtspCredentials(services),
  });
  services.extraRoutes.push(async (app) => {
    // Loopback as an extra host candidate lets viewers on the recorder's own machine connect.
    await webRtcRoutes(app, { ...feedDeps, iceAdditionalHostAddresses: ['127.0.0.1'] });
    await lowBandwidthRoutes(app, { lowBandwidth });
    await frameRoutes(app, { frames });
  });
  services.onClose.push(async () => {
    lowBandwidth.close();
    await rtsp.close();
  });
}
