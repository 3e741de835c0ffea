/**
 * 'Record only when motion detected' (spec 4) end to end: the recorder cuts
 * short segments for the stream and removes those with no motion near
 * them (index row and file), keeping what covers each event with a few
 * seconds before and after. Tolerant of a loaded CPU: a segment the
 * detector could not watch is kept, so only "near motion is kept", "some
 * far from it is gone" and "index and folder agree" are asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Archive, Camera, Stream } from '../../../server/shared/api';
import { POST_ROLL_MS, PRE_ROLL_MS } from '../../../server/recorder/core/motion-settings';
import { archiveFile, archiveRows, archives, motionDecoders, motionEvents, segmentFiles, setStyle, sleep, startMotionRig, waitFor, type MotionRig } from './motion-rig';
import { decodeAll } from '../recorder/helpers/frames';
import path from 'node:path';

let rig: MotionRig;
let camera: Camera;
let main: Stream;
let styleAtMs: number;

beforeAll(async () => {
  rig = await startMotionRig(1);
  camera = rig.cameras[0]!;
  await setStyle(rig, camera, camera.streams[1]!, 'proxy-only');
  styleAtMs = Date.now();
  main = await setStyle(rig, camera, camera.streams[0]!, 'motion-only');
  expect(main.recordingStyle).toBe('motion-only');
  await waitFor('the motion decoder', () => (motionDecoders(rig) === 1 ? true : undefined), 60_000);
  await waitFor('a short segment after the style change', async () =>
    (await archives(rig, main.id)).some((a) => !a.active && a.start >= styleAtMs) ? true : undefined,
  60_000);
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

const closedAfter = (list: Archive[], fromMs: number) => list.filter((a) => !a.active && a.start >= fromMs);

describe('motion-only recording', () => {
  it('keeps the segments around motion and removes the others', async () => {
    await sleep(30_000);
    const onAtMs = Date.now();
    await rig.sim.setMotion(true, 0);
    await waitFor('a motion event', async () => ((await motionEvents(rig, main.id)).length > 0 ? true : undefined), 45_000);
    await sleep(8_000);
    await rig.sim.setMotion(false, 0);
    const offAtMs = Date.now();
    // Long enough after the motion for a segment far from it to close and be judged (10 s segments, 10 s delay).
    await sleep(45_000);

    const events = await motionEvents(rig, main.id);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.every((e) => e.start >= onAtMs - 1_000 && e.start <= offAtMs + 5_000)).toBe(true);
    const list = await archives(rig, main.id);
    const closed = closedAfter(list, styleAtMs);
    // Short segments: about 10 s each.
    for (const segment of closed.slice(1)) expect(segment.end - segment.start).toBeLessThan(15_000);

    // Everything within [start - pre-roll, stop + post-roll] of each event is still recorded, without holes.
    for (const event of events.filter((e) => !e.active)) {
      const from = event.start - PRE_ROLL_MS;
      const to = event.stop + POST_ROLL_MS;
      const covering = list.filter((a) => a.end >= from && a.start <= to).sort((a, b) => a.start - b.start);
      expect(covering.length, `segments around the event ${event.start}-${event.stop}`).toBeGreaterThan(0);
      expect(covering[0]!.start).toBeLessThanOrEqual(from + 1_000);
      expect(covering.at(-1)!.end).toBeGreaterThanOrEqual(Math.min(to, list.at(-1)!.end) - 1_000);
      for (let i = 1; i < covering.length; i++) expect(covering[i]!.start - covering[i - 1]!.end).toBeLessThan(1_000);
      // The segment with the motion start is whole (motion-only never thins): about 25 frames a second.
      const during = covering.find((a) => a.start <= event.start && a.end >= event.start);
      const row = during && archiveRows(rig, main.id).find((r) => r.id === during.id);
      if (row && !row.active) {
        const { frames } = await decodeAll(archiveFile(rig, row.path));
        expect(frames / ((row.end_ms - row.start_ms) / 1000)).toBeGreaterThan(15);
      }
    }

    // Something far from the motion was removed: a hole in the index before the motion or after it.
    const judgedUntil = Date.now() - 20_000;
    const watched = closed.filter((a) => a.end <= judgedUntil);
    const holes = watched.slice(1).filter((a, i) => a.start - watched[i]!.end > 5_000);
    const lastKept = watched.at(-1);
    expect(holes.length > 0 || (lastKept !== undefined && lastKept.end < judgedUntil - 10_000)).toBe(true);

    // Index and folder agree: every row has its file; no file is left without a row (but one just opened).
    const rows = archiveRows(rig, main.id);
    const files = segmentFiles(rig, main.id);
    const indexed = new Set(rows.map((r) => path.basename(r.path)));
    for (const row of rows) expect(files, row.path).toContain(path.basename(row.path));
    expect(files.filter((f) => !indexed.has(f)).length).toBeLessThanOrEqual(1);
    // Its waits add up to more than the default time-out on a loaded machine.
  }, 200_000);

  it('kept segments still decode', async () => {
    const kept = archiveRows(rig, main.id).filter((r) => !r.active && r.start_ms >= styleAtMs);
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept.slice(0, 3)) {
      const decoded = await decodeAll(archiveFile(rig, row.path));
      expect(decoded.frames).toBeGreaterThan(25);
    }
  });
});
