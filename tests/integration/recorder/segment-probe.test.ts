/**
 * The length of a segment file as recovery reads it, with real ffmpeg and
 * ffprobe: a whole segment, one cut inside its clusters (kill -9 while
 * writing) and one cut before its first cluster (kill -9 moments after the
 * segment muxer opened it: only the header is on disk). The last holds no
 * video, so closing it as an interrupted segment removes it and its row
 * instead of keeping a closed archive that nothing can read.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveIndex } from '../../../server/recorder/archive/archive-index';
import { closeInterrupted } from '../../../server/recorder/archive/archive-recovery';
import { probeSegmentSeconds } from '../../../server/recorder/archive/segment-probe';
import { migrate } from '../../../server/recorder/core/db/database';
import { FFMPEG_PATH, runToCompletion } from '../../../server/processes';

/** Matroska's Cluster element id: the header ends where the first one starts. */
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

let folder: string;
let whole: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-segment-probe-'));
  whole = path.join(folder, 'whole.mkv');
  const result = await runToCompletion({
    name: 'test segment',
    command: FFMPEG_PATH,
    args: ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-t', '3', '-c:v', 'libx264', '-g', '10',
      '-f', 'matroska', '-cluster_time_limit', '1000', whole],
    timeoutMs: 60_000,
  });
  expect(result.code, result.stderr).toBe(0);
}, 90_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A copy of the whole segment cut after `bytes`. */
function cutCopy(name: string, bytes: number): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, fs.readFileSync(whole).subarray(0, bytes));
  return file;
}

function headerBytes(): number {
  const at = fs.readFileSync(whole).indexOf(CLUSTER_ID);
  expect(at).toBeGreaterThan(0);
  return at;
}

describe('segment probe', () => {
  it('reads the end of the last packet of a whole segment and of one cut inside its clusters', async () => {
    expect(await probeSegmentSeconds(whole)).toBeCloseTo(3, 0);
    const size = fs.statSync(whole).size;
    const seconds = await probeSegmentSeconds(cutCopy('cut.mkv', Math.floor(size * 0.6)));
    expect(seconds).toBeGreaterThan(0.5);
    expect(seconds).toBeLessThan(3);
  });

  it('finds no video in a segment cut before its first cluster, and recovery removes it with its row', async () => {
    const file = cutCopy('header-only.mkv', headerBytes());
    expect(await probeSegmentSeconds(file)).toBeUndefined();

    const db = new Database(':memory:');
    migrate(db);
    const index = new ArchiveIndex(db, folder);
    const id = index.open({ streamId: 's', cameraId: 'c', path: file, startMs: 1_000 });
    expect(await closeInterrupted(index, index.get(id)!, 5_000)).toBe(false);
    expect(index.get(id)).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });
});
