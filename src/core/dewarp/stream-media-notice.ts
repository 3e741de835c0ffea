/**
 * Why a stream's pictures cannot be used for dewarp or mask settings, if
 * they cannot (spec 4 "Stream state 'running' is required for previews,
 * dewarp and masks", spec 8 dewarp notices): a proxy-only camera records
 * and analyses nothing, a camera without a primary stream has nothing to
 * show, and a stream that is not running has no picture. The dialogs show
 * the notice instead of the picture and keep saving off where it needs one.
 *
 * Pure.
 */
import type { Camera, Stream } from '../../../server/shared/api';

export type StreamMediaNotice = 'no-primary-stream' | 'proxy-only' | 'not-running';

/** The first reason the stream cannot show its picture, or null when it can. */
export function streamMediaNotice(camera: Pick<Camera, 'primaryStream'>, stream: Pick<Stream, 'recordingStyle' | 'status'>): StreamMediaNotice | null {
  if (!camera.primaryStream) return 'no-primary-stream';
  if (stream.recordingStyle === 'proxy-only') return 'proxy-only';
  if (stream.status.streamState !== 'running') return 'not-running';
  return null;
}
