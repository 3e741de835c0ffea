/**
 * Frame stepping while paused (one recorded frame back or forward): the
 * facade the control bar's step buttons and the paused tiles meet at. A
 * tile registers its stream and a way to show a still picture; a step asks
 * the recorder for the neighbouring frame of every tile following the
 * stepped timeline (GET {stream href}/frame?time&step, which answers the
 * frame's exact capture time) and shows each answer on its tile. The first
 * tile's frame time is the new playhead (the caller holds the timeline
 * there), so the next step goes on from exactly that frame.
 *
 * Each tile's server is asked on its own clock (the target's offset) and
 * its frame time turned back to this page's.
 *
 * Pictures pass as object URLs straight to the tile's <img>; nothing goes
 * through React or valtio. Cost: one /frame request per tile per step
 * (the images queue runs 3 at once). Limits: tiles of different cameras
 * step from the same time; each shows its own camera's neighbouring frame.
 */
import { liveApi } from '../api/live-api';
import { toPageTime, toServerTime } from '../core/clock/server-clock-offsets';

export interface FrameStepTarget {
  streamHref: string;
  /** The stream's server (its camera's orchidId). */
  server?: string;
  /** That server's clock minus this page's, ms (absent: the clocks agree). */
  serverOffsetMs?: () => number;
  /** The tile's picture size, CSS pixels times the device ratio. */
  size(): { width: number; height: number };
  /** Shows a still (an object URL), or hides it (null). */
  show(url: string | null): void;
}

const targets = new Map<string, FrameStepTarget>();
const shown = new Map<string, string>();

function setStill(tileKey: string, url: string | null): void {
  const previous = shown.get(tileKey);
  if (previous) URL.revokeObjectURL(previous);
  if (url) shown.set(tileKey, url);
  else shown.delete(tileKey);
  targets.get(tileKey)?.show(url);
}

export const frameStep = {
  /** A tile that can show stepped frames; answers the function that removes it. */
  register(tileKey: string, target: FrameStepTarget): () => void {
    targets.set(tileKey, target);
    return () => {
      setStill(tileKey, null);
      if (targets.get(tileKey) === target) targets.delete(tileKey);
    };
  },

  /** The tile plays again (or its time moved otherwise): its still goes. */
  clear(tileKey: string): void {
    if (shown.has(tileKey)) setStill(tileKey, null);
  },

  /** Which of `tileKeys` can step (registered tiles). */
  steppable(tileKeys: readonly string[]): string[] {
    return tileKeys.filter((key) => targets.has(key));
  },

  /**
   * Steps every tile in `tileKeys` one frame from `timeMs`; answers the
   * first answering tile's frame time, or null when none had a frame there.
   */
  async step(tileKeys: readonly string[], timeMs: number, step: -1 | 1): Promise<number | null> {
    const keys = tileKeys.filter((key) => targets.has(key));
    const answers = await Promise.all(
      keys.map(async (key) => {
        const target = targets.get(key)!;
        const offset = target.serverOffsetMs?.() ?? 0;
        try {
          const frame = await liveApi.steppedFrame(target.streamHref, target.size(), toServerTime(timeMs, offset), step, target.server);
          return { key, blob: frame.blob, timeMs: toPageTime(frame.timeMs, offset) };
        } catch {
          // No frame there (nothing recorded, start or end of the recording): that tile keeps its picture.
          return null;
        }
      }),
    );
    let timeOfFirst: number | null = null;
    for (const answer of answers) {
      if (!answer || !targets.has(answer.key)) continue;
      setStill(answer.key, URL.createObjectURL(answer.blob));
      if (timeOfFirst === null && Number.isFinite(answer.timeMs)) timeOfFirst = answer.timeMs;
    }
    return timeOfFirst;
  },
};
