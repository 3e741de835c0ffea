/**
 * The streams table (migration 002) as motion needs it: a stream's
 * recording configuration and whether it exists. Read directly (one
 * primary-key lookup) so motion does not depend on the cameras service's
 * internals; the cameras service stays the only writer.
 */
import type { RecordingConfiguration } from '../../shared/api';
import type { Db } from '../core/db/database';

export class MotionStreamCatalog {
  private readonly config;
  private readonly exists;

  constructor(db: Db) {
    this.config = db.prepare('SELECT recording_configuration_json AS json FROM streams WHERE id = ?');
    this.exists = db.prepare('SELECT 1 FROM streams WHERE id = ?');
  }

  recordingConfiguration(streamId: string): RecordingConfiguration | undefined {
    const row = this.config.get(streamId) as { json: string } | undefined;
    if (!row) return undefined;
    try {
      return JSON.parse(row.json) as RecordingConfiguration;
    } catch {
      return undefined; // unreadable: treated as the default style by the caller
    }
  }

  streamExists(streamId: string): boolean {
    return this.exists.get(streamId) !== undefined;
  }
}
