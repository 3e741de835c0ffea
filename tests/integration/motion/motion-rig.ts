/**
 * A real recorder and real simulated cameras for the motion tests: cameras
 * registered over ONVIF, recording styles set through the streams API, and
 * small readers of events, archives and the motion decoders.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Archive, ArchivesResponse, Camera, EventsHistogramResponse, MotionEvent, MotionEventsResponse, RecordingStyle, Stream } from '../../../server/shared/api';
import { startMediaRecorder, waitFor, type MediaRecorder } from '../recorder/helpers/media-recorder';
import { startSimulator } from '../recorder/helpers/simulator';
import { registerSimCamera } from '../helpers/sim-camera';

export { waitFor };

export interface MotionRig {
  recorder: MediaRecorder;
  sim: CameraSim;
  cameras: Camera[];
  stop(): Promise<void>;
}

/** `segmentSeconds`: shorter segments than the recorder's minute, for tests that wait for whole segments. */
export async function startMotionRig(cameraCount: number, options: { segmentSeconds?: number } = {}): Promise<MotionRig> {
  const extraArgs = options.segmentSeconds ? ['--segment-seconds', String(options.segmentSeconds)] : [];
  const [recorder, sim] = await Promise.all([startMediaRecorder({ extraArgs }), startSimulator(cameraCount, { motion: false })]);
  const cameras: Camera[] = [];
  for (const [index, c] of sim.cameras.entries()) cameras.push(await registerSimCamera(recorder, c, `Motion ${index}`));
  return {
    recorder,
    sim,
    cameras,
    stop: async () => {
      await recorder?.stop();
      await sim?.stop();
    },
  };
}

export async function setStyle(rig: MotionRig, camera: Camera, stream: Stream, style: RecordingStyle): Promise<Stream> {
  const reply = await rig.recorder.call<Stream>('PATCH', `/service/cameras/${camera.id}/streams/${stream.id}`, { recordingStyle: style });
  if (reply.status !== 200) throw new Error(`setting ${style}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export async function motionEvents(rig: MotionRig, streamId: string, query = 'start=0&count=1000'): Promise<MotionEvent[]> {
  const reply = await rig.recorder.call<MotionEventsResponse>('GET', `/service/events/camera-stream?eventType=motion&id=${streamId}&${query}`);
  if (reply.status !== 200) throw new Error(`events: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data.events;
}

export async function histogram(rig: MotionRig, streamId: string, startMs: number, stopMs: number, minSegment: number): Promise<EventsHistogramResponse['data']> {
  const url = `/service/events/camera-stream/histogram?eventType=motion&id=${streamId}&start=${startMs}&stop=${stopMs}&minSegment=${minSegment}`;
  const reply = await rig.recorder.call<EventsHistogramResponse>('GET', url);
  if (reply.status !== 200) throw new Error(`histogram: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

export async function archives(rig: MotionRig, streamId: string): Promise<Archive[]> {
  const reply = await rig.recorder.call<ArchivesResponse>('GET', `/service/archives?streamId=${streamId}&take=1000&start=0`);
  if (reply.status !== 200) throw new Error(`archives: ${reply.status}`);
  return reply.body.data.archives;
}

/** Segment files of a stream on disk (names), for checking index and folder agree. */
export function segmentFiles(rig: MotionRig, streamId: string): string[] {
  const folder = path.join(rig.recorder.dataDir, 'orchives', streamId);
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.mkv')).sort() : [];
}

/** The motion decoders running (ffmpeg reading stdin into grey pictures). */
export function motionDecoders(rig: MotionRig): number {
  return rig.recorder.ffmpegs().filter((p) => p.args.includes('format=gray') && p.args.includes('pipe:0')).length;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Index rows of a stream straight from the recorder's database (paths are relative to the data folder). */
export function archiveRows(rig: MotionRig, streamId: string): Array<{ id: number; path: string; start_ms: number; end_ms: number; size_bytes: number; active: number }> {
  const db = new Database(path.join(rig.recorder.dataDir, 'recorder.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, path, start_ms, end_ms, size_bytes, active FROM archives WHERE stream_id = ? ORDER BY start_ms').all(streamId) as ReturnType<typeof archiveRows>;
  } finally {
    db.close();
  }
}

export function archiveFile(rig: MotionRig, relativePath: string): string {
  return path.join(rig.recorder.dataDir, relativePath);
}
