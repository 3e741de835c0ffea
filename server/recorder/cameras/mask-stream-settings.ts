/**
 * The stream settings a motion mask reads and changes (motion's
 * MaskStreamPort), served by the cameras service acting for the recorder
 * itself. Motion and cameras need each other (cameras drive motion through
 * the ingest control; a mask sets its stream's href), so the wiring hands
 * motion this view bound to a cameras service that is made just after.
 */
import type { RecordingConfiguration } from '../../shared/api';
import { ApiError } from '../../common/api-error';
import type { MaskStreamPort } from '../motion';
import type { CamerasService, Viewer } from './cameras';

/** The recorder itself, as the caller of the cameras service. */
const SYSTEM: Viewer = { role: 'Administrator', host: 'localhost' };

export function maskStreamSettings(cameras: () => CamerasService): MaskStreamPort {
  return {
    recordingConfiguration: (cameraId, streamId): RecordingConfiguration | undefined => {
      try {
        const stream = cameras().getStream(streamId, SYSTEM);
        return stream.cameraId === cameraId ? stream.recordingConfiguration : undefined;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      }
    },
    setRecordingConfiguration: async (cameraId, streamId, config) => {
      await cameras().changeStream(cameraId, streamId, { recordingConfiguration: config }, false, SYSTEM);
    },
  };
}
