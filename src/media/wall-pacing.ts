/**
 * Puts the wall-load governor (src/core/wall-load.ts) to work on a stage:
 * it follows the page's frame-rate level, ticks once a second while the
 * governor is settling (and not at all otherwise), and tells each tile's
 * media worker the pace between its pictures, and each tile's player the
 * scale of its picture size, when they change. A tile in focus is spared.
 *
 * Cost: one worker message per tile whose pace changes, one new picture
 * session per tile whose scale changes; nothing per frame.
 */
import type { FrameRateLevel } from '../../workers/core/frame-rate-monitor';
import { tilePaceMs, tilePictureScale, WallLoadGovernor, type WallLoadStep } from '../core/wall-load';

export interface PacedTiles {
  /** Every tile of the stage now. */
  tileIds(): string[];
  /** Gives a tile's worker its pace (ms between pictures; 0: as fast as asked). */
  setPace(tileId: string, paceMs: number): void;
  /** Gives a tile's player the scale of its picture size (1: the tile's own; 0.5: half of it each way). */
  setPictureScale(tileId: string, scale: number): void;
}

export class WallPacing {
  private readonly governor = new WallLoadGovernor(Date.now());
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly focused = new Set<string>();
  /** The pace and picture scale each tile was last given. */
  private readonly paces = new Map<string, number>();
  private readonly scales = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly tiles: PacedTiles,
    private readonly baseRateFps: number,
    /** Hears each new step (the stage shows it as data-load-step, for the operator's tools and the tests). */
    private readonly onStep: (step: WallLoadStep) => void = () => undefined,
  ) {}

  get step(): WallLoadStep {
    return this.governor.step;
  }

  /** The scale a tile's picture size was last given (1: the tile's own). */
  pictureScale(tileId: string): number {
    return this.scales.get(tileId) ?? 1;
  }

  setLevel(level: FrameRateLevel): void {
    this.governor.setLevel(level, Date.now());
    this.settle();
  }

  setFocused(tileId: string, focused: boolean): void {
    if (focused) this.focused.add(tileId);
    else this.focused.delete(tileId);
    this.apply(tileId);
  }

  /** The tile is gone. */
  forget(tileId: string): void {
    this.focused.delete(tileId);
    this.paces.delete(tileId);
    this.scales.delete(tileId);
  }

  close(): void {
    this.closed = true;
    this.stopTimer();
  }

  private settle(): void {
    if (this.closed) return;
    if (this.governor.settling && this.timer === undefined) {
      this.timer = setInterval(() => {
        const before = this.governor.step;
        const step = this.governor.tick(Date.now());
        if (step !== before) {
          for (const tileId of this.tiles.tileIds()) this.apply(tileId);
          this.onStep(step);
        }
        if (!this.governor.settling) this.stopTimer();
      }, 1000);
    } else if (!this.governor.settling) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private apply(tileId: string): void {
    const focused = this.focused.has(tileId);
    const pace = tilePaceMs(this.governor.step, focused, this.baseRateFps);
    if ((this.paces.get(tileId) ?? 0) !== pace) {
      this.paces.set(tileId, pace);
      this.tiles.setPace(tileId, pace);
    }
    const scale = tilePictureScale(this.governor.step, focused);
    if (this.pictureScale(tileId) !== scale) {
      this.scales.set(tileId, scale);
      this.tiles.setPictureScale(tileId, scale);
    }
  }
}
