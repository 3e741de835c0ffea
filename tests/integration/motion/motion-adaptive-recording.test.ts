/**
 * 'Continuous with motion-adaptive frame rate' (spec 4, the default style)
 * end to end: with nothing moving, a closed segment the detector watched
 * from start to end is replaced by its keyframes only (stream copy; the
 * simulator sends a keyframe a second, so 1 fps, spec 5's minimum), and
 * the index size follows the file. The first segment, recorded before the
 * detector watched, stays whole. The recorder cuts 20 s segments here (a
 * minute by default), so the wait is for the first whole segment after
 * registration plus the decision delay, not for whole minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Camera, Stream } from '../../../server/shared/api';
import { decodeAll } from '../recorder/helpers/frames';
import { archiveFile, archiveRows, motionDecoders, motionEvents, setStyle, startMotionRig, waitFor, type MotionRig } from './motion-rig';

let rig: MotionRig;
let camera: Camera;
let main: Stream;

beforeAll(async () => {
  rig = await startMotionRig(1, { segmentSeconds: 20 });
  camera = rig.cameras[0]!;
  await setStyle(rig, camera, camera.streams[1]!, 'proxy-only');
  main = await setStyle(rig, camera, camera.streams[0]!, 'continuous-motion-adaptive');
  await waitFor('the motion decoder', () => (motionDecoders(rig) === 1 ? true : undefined), 60_000);
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

const fps = async (row: { path: string; start_ms: number; end_ms: number }) =>
  (await decodeAll(archiveFile(rig, row.path))).frames / ((row.end_ms - row.start_ms) / 1000);

describe('motion-adaptive recording', () => {
  it('keeps only keyframes of a watched segment without motion, atomically, with its size in the index', async () => {
    const checked = new Set<number>();
    const thinned = await waitFor(
      'a segment thinned to its keyframes',
      async () => {
        for (const row of archiveRows(rig, main.id).filter((r) => !r.active && !checked.has(r.id))) {
          const rate = await fps(row);
          if (rate < 3) return { ...row, rate };
          // Judged segments stay as they are; one still waiting for its judgement is looked at again.
          if (row.end_ms < Date.now() - 30_000) checked.add(row.id);
        }
        return undefined;
      },
      230_000,
    );
    expect(thinned.rate).toBeGreaterThan(0.7);
    // The file is renamed into place first and its index row updated just after: read the row again once it has caught up.
    const fileBytes = fs.statSync(archiveFile(rig, thinned.path)).size;
    const row = await waitFor(
      'the index to carry the thinned size',
      () => archiveRows(rig, main.id).find((r) => r.id === thinned.id && r.size_bytes === fileBytes),
      10_000,
    );
    expect(row.size_bytes).toBe(fileBytes);
    expect((await decodeAll(archiveFile(rig, thinned.path))).errors).toBe('');
    expect(fs.readdirSync(archiveFile(rig, `orchives/${main.id}`)).filter((f) => f.endsWith('.reduce-tmp'))).toEqual([]);
    // The first segment started before the detector watched: it keeps every frame.
    const first = archiveRows(rig, main.id)[0]!;
    expect(first.id).not.toBe(thinned.id);
    expect(await fps(first)).toBeGreaterThan(15);
    expect(await motionEvents(rig, main.id)).toEqual([]);
    // Up to 20 s to the first whole segment, 20 s of it, then the decision: longer than the default time-out on a loaded machine.
  }, 300_000);
});
