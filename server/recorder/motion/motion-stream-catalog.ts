/**
 * The streams as motion needs them: a stream's recording configuration and
 * whether it exists. The cameras store owns the streams table; the wiring
 * (services.ts) answers these two questions from it, so motion neither reads
 * the table nor depends on the cameras feature.
 */
import type { RecordingConfiguration } from '../../shared/api';

export interface MotionStreamCatalog {
  /** Undefined for a stream that does not exist (an unreadable one is treated as the default style by the caller). */
  recordingConfiguration(streamId: string): RecordingConfiguration | undefined;
  streamExists(streamId: string): boolean;
}
