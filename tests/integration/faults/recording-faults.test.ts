/**
 * Faults a recorder meets in the field, repeated, on a recorder with two
 * demo cameras (main and sub stream each, 20 s segments): the recording
 * ffmpeg of a stream killed with -9 three times, and the whole recorder
 * (with its demo cameras) killed with -9 twice and started again on the
 * same data folder. For each fault the seconds lost per stream are printed
 * (for a recorder kill, beyond its downtime: from the kill to the restarted
 * recorder answering). The assertions are on what is kept: recording
 * resumes on every stream after every fault, the video up to a fault is kept
 * (the cut segment ends close to it), and every closed segment decodes and
 * declares its length.
 *
 * Camera disconnects are in ../recorder/resilience.test.ts; a full disk is
 * in disk-full.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaRecorder, waitFor, type MediaRecorder } from '../recorder/helpers/media-recorder';
import { archivesOf, closedSegmentFiles, damagedSegments, gapAround, streamIds } from './helpers';

const ARGS = ['--demo-cameras', '2', '--segment-seconds', '20'];
let dataDir: string;
let recorder: MediaRecorder;
let streams: string[] = [];
const figures: string[] = [];

/** Waits until every stream has recorded at least `ms` after `sinceMs`. */
async function allRecordingAfter(sinceMs: number, ms = 2_000): Promise<void> {
  await waitFor(`every stream recording after ${new Date(sinceMs).toISOString()}`, async () => {
    for (const id of streams) {
      const archives = await archivesOf(recorder, id);
      if (!archives.some((a) => a.end >= sinceMs + ms && a.end - a.start >= 1_000)) return undefined;
    }
    return true;
  }, 90_000);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-faults-'));
  recorder = await startMediaRecorder({ dataDir, extraArgs: ARGS });
  streams = await waitFor('the demo cameras’ four streams', async () => {
    const ids = await streamIds(recorder);
    return ids.length === 4 ? ids : undefined;
  }, 90_000);
  await allRecordingAfter(Date.now());
}, 180_000);

afterAll(async () => {
  console.log(`recording faults (seconds lost per stream):\n${figures.join('\n')}`);
  await recorder?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('recording through faults', () => {
  it('kill -9 of a stream’s recording ffmpeg, three times: it comes back each time and keeps what was written', async () => {
    for (let round = 1; round <= 3; round++) {
      const recording = recorder.ffmpegs().filter((p) => p.args.includes('-f segment'));
      expect(recording.length).toBe(4);
      const victim = recording[round % recording.length]!;
      const killedAtMs = Date.now();
      process.kill(victim.pid, 'SIGKILL');
      await allRecordingAfter(killedAtMs);
      const lost: string[] = [];
      for (const id of streams) {
        const gap = gapAround(await archivesOf(recorder, id), killedAtMs);
        if (!gap) continue;
        // What was written before the kill is kept, up to the last second or two.
        expect(gap.beforeEndMs).toBeGreaterThan(killedAtMs - 4_000);
        lost.push(((gap.afterStartMs - gap.beforeEndMs) / 1000).toFixed(1));
      }
      figures.push(`ingest kill ${round}: ${lost.join(' ')}`);
    }
  }, 300_000);

  it('kill -9 of the whole recorder, twice: every stream records again after each start, losing little beyond the downtime', async () => {
    for (let round = 1; round <= 2; round++) {
      await allRecordingAfter(Date.now(), 3_000);
      const killedAtMs = Date.now();
      await recorder.crash();
      recorder = await startMediaRecorder({ dataDir, extraArgs: ARGS });
      const readyAtMs = Date.now();
      await allRecordingAfter(readyAtMs);
      const lost: string[] = [];
      for (const id of streams) {
        const gap = gapAround(await archivesOf(recorder, id), killedAtMs);
        expect(gap, `stream ${id} records again`).toBeDefined();
        expect(gap!.beforeEndMs).toBeGreaterThan(killedAtMs - 4_000);
        const beyondDowntime = (gap!.afterStartMs - gap!.beforeEndMs - (readyAtMs - killedAtMs)) / 1000;
        lost.push(beyondDowntime.toFixed(1));
      }
      figures.push(`recorder kill ${round} (downtime ${((readyAtMs - killedAtMs) / 1000).toFixed(1)} s), beyond downtime: ${lost.join(' ')}`);
    }
  }, 400_000);

  it('leaves every closed segment decodable and declaring its length', async () => {
    // Cut segments are rewritten in the background; give the last ones a moment.
    const files = closedSegmentFiles(dataDir);
    expect(files.length).toBeGreaterThan(8);
    const damaged = await waitFor('every closed segment to declare its length', async () => {
      const found = await damagedSegments(closedSegmentFiles(dataDir));
      return found.length === 0 ? found : undefined;
    }, 60_000).catch(async () => damagedSegments(closedSegmentFiles(dataDir)));
    expect(damaged).toEqual([]);
    figures.push(`closed segments checked by ffprobe: ${files.length}`);
  }, 240_000);
});
