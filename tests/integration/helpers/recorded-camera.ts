/**
 * A simulated camera recorded by a real recorder, set up the way an operator
 * does it: registered by ONVIF (POST /service/cameras), its main stream set to
 * the 'continuous' recording style, its sub stream removed (the export and
 * retention tests only look at one stream; a second would only add load).
 * Also reads the archive index back: through GET /service/archives, and the
 * file of each row from the recorder's database (read-only), which the API
 * does not expose.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Archive, ArchivesResponse, Stream } from '../../../server/shared/api';
import { call } from './recorder-process';
import { registerSimCamera } from './sim-camera';

export interface RecordedCamera {
  cameraId: string;
  streamId: string;
  /** The main stream's name as the camera reported it (export file names carry it). */
  streamName: string;
}

/** Registers the simulator's camera number `index` (the first by default). */
export async function registerRecordedCamera(baseUrl: string, adminToken: string, sim: CameraSim, name: string, index = 0): Promise<RecordedCamera> {
  const registered = await registerSimCamera({ baseUrl, token: adminToken }, sim.cameras[index]!, name, { mainOnly: true });
  const main = registered.streams[0]!;
  const styled = await call<Stream>(baseUrl, 'PATCH', `/service/cameras/${registered.id}/streams/${main.id}`, { token: adminToken, json: { recordingStyle: 'continuous' } });
  if (styled.status !== 200 || styled.body.recordingStyle !== 'continuous') throw new Error(`setting continuous recording: ${styled.status} ${JSON.stringify(styled.body)}`);
  return { cameraId: registered.id, streamId: main.id, streamName: main.name };
}

/** The stream's indexed segments, oldest first. */
export async function listArchives(baseUrl: string, token: string, streamId: string): Promise<Archive[]> {
  const reply = await call<ArchivesResponse>(baseUrl, 'GET', `/service/archives?streamId=${streamId}&take=1000`, { token });
  if (reply.status !== 200) throw new Error(`listing archives: ${reply.status} ${JSON.stringify(reply.body)}`);
  return [...reply.body.data.archives].sort((a, b) => a.start - b.start || a.id - b.id);
}

/** Absolute file path of every indexed segment, by archive id. */
export function archiveFiles(dataDir: string): Map<number, string> {
  const db = new Database(path.join(dataDir, 'recorder.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT id, path FROM archives').all() as Array<{ id: number; path: string }>;
    return new Map(rows.map((r) => [r.id, path.resolve(dataDir, r.path)]));
  } finally {
    db.close();
  }
}
