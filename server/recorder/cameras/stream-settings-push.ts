/**
 * Stream settings that reach the camera: when an ONVIF stream's Video
 * settings change (resolution, frame rate limit, bit rate limit, GOV length,
 * quality, encoder interval, H.264 profile), they are written to the
 * camera's video encoder configuration behind the stream's media profile
 * (ONVIF Media SetVideoEncoderConfiguration) before the recorder stores
 * them, and the recorder keeps what the camera reports back (cameras round
 * values). A Generic RTSP camera has no such interface: its settings stay in
 * the recorder, and streams say so (`pushesToCamera`, shared/api/streams.ts).
 *
 * A refusal or an unreachable camera becomes the API error the person sees
 * ('camera-settings-refused', 'camera-unreachable', ...); the caller stores
 * nothing then, so the stream keeps its settings from before.
 *
 * Cost: one ONVIF connect, GetProfiles, Set and Get per changed stream.
 */
import type { VideoConfiguration } from '../../shared/api';
import { writeVideoEncoder, type VideoEncoderWrite } from '../core/onvif-client';
import { videoConfigurationFrom } from './capabilities';
import { cameraError, type CameraLog } from './cameras-connect';
import type { CameraRecord, StreamRecord } from './cameras-store';

export interface StreamSettingsPusher {
  /** Writes `video` to the camera behind `stream`; answers the Video settings the camera now has. Throws ApiError. */
  push(camera: CameraRecord, stream: StreamRecord, video: VideoConfiguration): Promise<VideoConfiguration>;
}

/** Whether a stream's Video settings are written to its camera (ONVIF streams with a media profile). */
export function pushesToCamera(camera: Pick<CameraRecord, 'driver'>, stream: Pick<StreamRecord, 'profileToken'>): boolean {
  return camera.driver === 'ONVIF' && stream.profileToken !== null;
}

const PUSHED_KEYS = ['Resolution', 'FrameRate', 'BitRate', 'GOVLength', 'Quality', 'EncoderInterval', 'Profile'] as const;

/** Whether two Video settings differ in anything the camera encodes. */
export function videoChanged(before: VideoConfiguration | undefined, after: VideoConfiguration | undefined): boolean {
  return PUSHED_KEYS.some((key) => before?.[key] !== after?.[key]);
}

/** The encoder write for a Video configuration; BitRate 0 (camera decides) and unreadable sizes are left to the camera. */
export function encoderWriteOf(video: VideoConfiguration): VideoEncoderWrite {
  const write: VideoEncoderWrite = {};
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(video.Resolution ?? '');
  if (size) {
    write.width = Number(size[1]);
    write.height = Number(size[2]);
  }
  if (video.FrameRate !== undefined) write.frameRateLimit = video.FrameRate;
  if (video.BitRate !== undefined && video.BitRate > 0) write.bitrateLimit = video.BitRate;
  if (video.GOVLength !== undefined) write.govLength = video.GOVLength;
  if (video.Quality !== undefined) write.quality = video.Quality;
  if (video.EncoderInterval !== undefined) write.encodingInterval = video.EncoderInterval;
  if (video.Profile !== undefined) write.profile = video.Profile;
  return write;
}

export class OnvifSettingsPusher implements StreamSettingsPusher {
  constructor(private readonly log?: CameraLog) {}

  async push(camera: CameraRecord, stream: StreamRecord, video: VideoConfiguration): Promise<VideoConfiguration> {
    if (!stream.profileToken) return video;
    try {
      const applied = await writeVideoEncoder({ uri: camera.uri, username: camera.username, password: camera.password }, stream.profileToken, encoderWriteOf(video));
      // What the camera reports wins; a camera that reports less leaves the rest as asked.
      return { ...video, ...videoConfigurationFrom(applied.width > 0 ? applied : undefined) };
    } catch (error) {
      throw cameraError(error, this.log, camera.uri);
    }
  }
}
