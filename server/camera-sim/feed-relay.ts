/**
 * A camera's stream as its clients see it: an H264Source that relays one
 * upstream encoder hub at a time and can switch to another without a broken
 * picture. The switch happens on the new upstream's first keyframe that is
 * newer than the last frame sent, so clients never get a P-frame whose
 * references they lack, nor a frame older than one they already have.
 *
 * Two encoders fed by the same clock produce the same capture times at about
 * the same moment; to let the new one win that race, the old upstream's
 * frames are held back by HOLD_MS while a switch is pending (latency +80 ms
 * for that half second), and held frames at or after the switch point are
 * dropped in favour of the new picture.
 *
 * Why: PTZ moves and motion on/off change which encoder a camera reads
 * (shared or its own); RTSP sessions and snapshot readers must not notice
 * beyond the picture changing. Cost: one subscription per upstream.
 */
import type { AccessUnit } from '../protocols/h264';
import { H264Hub, type H264Codec, type H264Source } from '../protocols/h264-source';

const HOLD_MS = 80;

interface Link {
  off?: () => void;
}

export class FeedRelay implements H264Source {
  private readonly out = new H264Hub();
  private current: Link | undefined;
  private pending: { link: Link; resolve: (switched: boolean) => void } | undefined;
  private lastTimeMs = -Infinity;
  private held: AccessUnit[] = [];

  codec(): H264Codec | undefined {
    return this.out.codec();
  }

  subscribe(listener: (au: AccessUnit) => void): () => void {
    return this.out.subscribe(listener);
  }

  get subscriberCount(): number {
    return this.out.subscriberCount;
  }

  /**
   * Starts following `source`; resolves true once its first frame went out,
   * false if another switch superseded this one first.
   */
  switchTo(source: H264Source): Promise<boolean> {
    if (this.pending) {
      this.pending.link.off?.();
      this.pending.resolve(false);
      this.pending = undefined;
    }
    return new Promise((resolve) => {
      const link: Link = {};
      this.pending = { link, resolve };
      // subscribe() may replay a GOP synchronously and promote the link before `off` is known.
      link.off = source.subscribe((au) => this.onAccessUnit(link, au));
    });
  }

  /** Abandons a switch still waiting for its keyframe (the upstream failed to start). */
  cancelPending(): void {
    this.pending?.link.off?.();
    this.pending?.resolve(false);
    this.pending = undefined;
    this.flushHeld(Infinity);
  }

  /** Stops relaying (camera shut down). */
  detach(): void {
    this.cancelPending();
    this.current?.off?.();
    this.current = undefined;
  }

  private onAccessUnit(link: Link, au: AccessUnit): void {
    const pending = this.pending;
    if (link === this.current) {
      if (!pending) {
        this.forward(au);
        return;
      }
      this.held.push(au);
      this.flushHeld(au.timeMs - HOLD_MS);
      return;
    }
    if (pending?.link !== link || !au.keyframe) return;
    // Held frames from before the new keyframe still go out; those at or after it are superseded.
    this.flushHeld(au.timeMs - 1);
    if (au.timeMs <= this.lastTimeMs) return;
    this.held = [];
    const previous = this.current;
    this.current = link;
    this.pending = undefined;
    previous?.off?.();
    this.forward(au);
    pending.resolve(true);
  }

  /** Forwards held frames captured up to untilMs. */
  private flushHeld(untilMs: number): void {
    while (this.held.length > 0 && this.held[0]!.timeMs <= untilMs) this.forward(this.held.shift()!);
  }

  private forward(au: AccessUnit): void {
    if (au.timeMs <= this.lastTimeMs) return;
    this.lastTimeMs = au.timeMs;
    this.out.push(au);
  }
}
