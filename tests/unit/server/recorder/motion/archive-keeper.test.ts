import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configurationFor } from '../../../../../server/shared/recording-style';
import { DECISION_DELAY_MS } from '../../../../../server/recorder/motion/motion-archive-policy';
import { motionSettingsOf } from '../../../../../server/recorder/core/motion-settings';
import type { ArchiveSegment } from '../../../../../server/recorder/core/media-contracts';
import { ArchiveKeeper } from '../../../../../server/recorder/motion/archive-keeper';
import { keyframesOnlyCopy, removeStaleCopies, TEMP_SUFFIX } from '../../../../../server/recorder/motion/segment-reducer';
import { StreamMotion } from '../../../../../server/recorder/motion/stream-motion';
import type { RecordingStyle } from '../../../../../server/shared/api';

const T0 = 1_800_000_000_000;
let root: string;
let nowMs: number;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-keeper-'));
  fs.mkdirSync(path.join(root, 's1'));
  nowMs = T0;
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const quietLog = { info: () => undefined, warn: () => undefined };

function watchedStream(style: RecordingStyle): StreamMotion {
  const motion = new StreamMotion('s1', motionSettingsOf(configurationFor(style)), undefined, {
    live: { source: () => undefined, exists: () => true },
    events: { open: () => 1, extend: () => undefined, close: () => undefined },
    log: quietLog,
    now: () => nowMs,
  });
  // Watched from T0 for 5 minutes at 5 pictures a second; the stream sends 25 fps with a keyframe a second.
  for (let t = T0; t <= T0 + 300_000; t += 200) motion.coverage.saw(t, 3000);
  for (let t = T0 + 280_000; t <= T0 + 300_000; t += 40) motion.rate.push(t, (t - T0) % 1000 === 0);
  return motion;
}

/** Real Matroska segments (3 s, 25 fps, keyframe every 5 frames) at the given times. */
function segments(times: Array<[number, number]>): ArchiveSegment[] {
  return times.map(([startMs, endMs], i) => {
    const file = path.join(root, 's1', `seg_${i}.mkv`);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=25', '-t', '3', '-c:v', 'libx264', '-g', '5', '-bf', '0', '-f', 'matroska', file]);
    return { id: i + 1, streamId: 's1', startMs, endMs, path: file, sizeBytes: fs.statSync(file).size, active: false };
  });
}

function keeper(motion: StreamMotion, rows: ArchiveSegment[], events: Array<[number, number]>) {
  const removed: number[] = [];
  const updated: Array<[number, number | undefined]> = [];
  const k = new ArchiveKeeper({
    watched: () => [motion],
    archives: {
      archiveRoot: root,
      segmentsBetween: (_id, from, to) => rows.filter((r) => !removed.includes(r.id) && r.endMs >= from && r.startMs <= to),
      get: (id) => rows.find((r) => r.id === id && !removed.includes(id)),
      update: (id, change) => void updated.push([id, change.sizeBytes]),
    },
    removeSegments: (ids) => removed.push(...ids),
    motionNear: (_id, from, to) => events.some(([s, e]) => s <= to && e >= from),
    keyframesOnlyCopy,
    log: quietLog,
    now: () => nowMs,
  });
  return { k, removed, updated };
}

describe('archive keeper', () => {
  it('motion-only: deletes watched segments far from motion (row, then file), keeps those near it', async () => {
    const motion = watchedStream('motion-only');
    const rows = segments([
      [T0 + 10_000, T0 + 20_000],
      [T0 + 20_000, T0 + 30_000],
      [T0 + 30_000, T0 + 40_000],
      [T0 + 40_000, T0 + 50_000],
    ]);
    // Motion 33-34 s: the third segment holds it; the second ends within the pre-roll before it.
    const { k, removed } = keeper(motion, rows, [[T0 + 33_000, T0 + 34_000]]);
    nowMs = T0 + 50_000 + DECISION_DELAY_MS;
    expect(await k.runOnce()).toEqual({ deleted: 2, thinned: 0, kept: 2 });
    expect(removed).toEqual([1, 4]);
    expect(fs.existsSync(rows[0]!.path)).toBe(false);
    expect(fs.existsSync(rows[1]!.path)).toBe(true);
    // A second pass judges nothing again.
    expect(await k.runOnce()).toEqual({ deleted: 0, thinned: 0, kept: 0 });
  });

  it('waits until a segment is old enough, and keeps what the detector did not watch', async () => {
    const motion = watchedStream('motion-only');
    const rows = segments([
      [T0 - 5_000, T0 + 5_000], // started before the detector watched
      [T0 + 290_000, T0 + 310_000], // ends after the coverage
    ]);
    const { k, removed } = keeper(motion, rows, []);
    nowMs = T0 + 310_000 + DECISION_DELAY_MS - 1;
    expect((await k.runOnce()).kept).toBe(1);
    nowMs += 1;
    expect((await k.runOnce()).kept).toBe(1);
    expect(removed).toEqual([]);
  });

  it('adaptive: replaces a segment without motion by its keyframes, atomically, with the new size', async () => {
    const motion = watchedStream('continuous-motion-adaptive');
    const rows = segments([
      [T0 + 10_000, T0 + 20_000],
      [T0 + 20_000, T0 + 30_000],
    ]);
    const before = fs.statSync(rows[0]!.path).size;
    const { k, updated, removed } = keeper(motion, rows, [[T0 + 27_000, T0 + 28_000]]);
    nowMs = T0 + 30_000 + DECISION_DELAY_MS;
    expect(await k.runOnce()).toEqual({ deleted: 0, thinned: 1, kept: 1 });
    expect(removed).toEqual([]);
    const after = fs.statSync(rows[0]!.path).size;
    expect(after).toBeLessThan(before);
    expect(updated).toEqual([[1, after]]);
    const frames = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', rows[0]!.path]).toString().trim();
    expect(Number(frames)).toBe(15); // 75 frames, one keyframe in five
    expect(fs.readdirSync(path.join(root, 's1')).filter((f) => f.endsWith(TEMP_SUFFIX))).toEqual([]);
  });

  it('continuous with motion detection touches nothing', async () => {
    const motion = watchedStream('continuous-motion');
    const rows = segments([[T0 + 10_000, T0 + 20_000]]);
    const { k } = keeper(motion, rows, []);
    nowMs = T0 + 100_000;
    expect(await k.runOnce()).toEqual({ deleted: 0, thinned: 0, kept: 0 });
  });

  it('removes copies a crash left behind', async () => {
    fs.writeFileSync(path.join(root, 's1', `a.mkv${TEMP_SUFFIX}`), 'x');
    fs.writeFileSync(path.join(root, 's1', 'a.mkv'), 'x');
    expect(await removeStaleCopies(root)).toBe(1);
    expect(fs.readdirSync(path.join(root, 's1'))).toEqual(['a.mkv']);
    expect(await keyframesOnlyCopy(path.join(root, 's1', 'a.mkv'))).toBeUndefined();
    expect(fs.readdirSync(path.join(root, 's1'))).toEqual(['a.mkv']);
  });
});
