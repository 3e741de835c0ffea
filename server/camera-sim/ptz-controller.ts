/**
 * The PTZ behaviour of one simulated camera: absolute, relative and
 * continuous moves, stop, presets and home, turned into views (a crop
 * window, or a continuous pan/zoom) that the camera applies by switching
 * encoders. Status reports MOVING until the new picture is on air.
 *
 * Continuous moves run in ffmpeg (zoompan, linear in time) from the moment
 * the moving encoder's first frame is captured; Stop computes where the
 * picture is (plus the expected switch time, learned from past switches)
 * and parks a static view there, so the picture barely jumps.
 *
 * Pure apart from timers; the camera supplies `applyView`.
 */
import type { ViewSpec } from './encoder-args';
import { clampPosition, positionAfter, PresetError, PresetStore, PTZ_HOME, windowFor, type PtzVector, type ViewGeometry } from './ptz-model';

export type MoveStatus = 'IDLE' | 'MOVING';

export interface PtzStatus {
  position: PtzVector;
  panTilt: MoveStatus;
  zoom: MoveStatus;
}

export interface PtzControllerOptions {
  geometry: ViewGeometry;
  maxPresets: number;
  /** Puts a view on air; resolves with the time of its first frame, or undefined if superseded. */
  applyView: (view: ViewSpec) => Promise<number | undefined>;
  nowMs?: () => number;
}

interface ContinuousMove {
  start: PtzVector;
  velocity: PtzVector;
  /** Capture time of the moving view's first frame (motion starts there). */
  firstFrameMs?: number;
  timeout?: NodeJS.Timeout;
  timeoutAtMs?: number;
}

export class PtzController {
  readonly presets: PresetStore;
  private position: PtzVector = PTZ_HOME;
  private home: PtzVector = PTZ_HOME;
  private moving: ContinuousMove | undefined;
  private pendingSwitches = 0;
  private expectedSwitchMs = 400;
  private readonly nowMs: () => number;

  constructor(private readonly opts: PtzControllerOptions) {
    this.presets = new PresetStore(opts.maxPresets);
    this.nowMs = opts.nowMs ?? Date.now;
  }

  /** The static view for the current position (what the camera shows when idle). */
  currentView(): ViewSpec {
    if (this.moving) return { kind: 'moving', start: this.currentPosition(), velocity: this.moving.velocity };
    return { kind: 'static', window: windowFor(this.position, this.opts.geometry) };
  }

  currentPosition(): PtzVector {
    const move = this.moving;
    if (!move) return this.position;
    const elapsedMs = move.firstFrameMs === undefined ? 0 : this.nowMs() - move.firstFrameMs;
    return positionAfter(move.start, move.velocity, elapsedMs);
  }

  status(): PtzStatus {
    const move = this.moving;
    const busy = this.pendingSwitches > 0;
    const panTiltMoving = busy || (move !== undefined && (move.velocity.pan !== 0 || move.velocity.tilt !== 0));
    const zoomMoving = busy || (move !== undefined && move.velocity.zoom !== 0);
    return { position: this.currentPosition(), panTilt: panTiltMoving ? 'MOVING' : 'IDLE', zoom: zoomMoving ? 'MOVING' : 'IDLE' };
  }

  /** Missing axes keep their current value. */
  absoluteMove(target: Partial<PtzVector>): Promise<void> {
    const from = this.currentPosition();
    return this.park({ pan: target.pan ?? from.pan, tilt: target.tilt ?? from.tilt, zoom: target.zoom ?? from.zoom });
  }

  relativeMove(delta: Partial<PtzVector>): Promise<void> {
    const from = this.currentPosition();
    return this.park({ pan: from.pan + (delta.pan ?? 0), tilt: from.tilt + (delta.tilt ?? 0), zoom: from.zoom + (delta.zoom ?? 0) });
  }

  continuousMove(velocity: PtzVector, timeoutMs: number): Promise<void> {
    if (velocity.pan === 0 && velocity.tilt === 0 && velocity.zoom === 0) return this.stop(true, true);
    const start = this.currentPosition();
    this.clearMove();
    const move: ContinuousMove = { start, velocity };
    this.moving = move;
    if (timeoutMs > 0) {
      move.timeoutAtMs = this.nowMs() + timeoutMs;
      move.timeout = setTimeout(() => {
        if (this.moving === move) void this.stop(true, true);
      }, timeoutMs);
      move.timeout.unref();
    }
    return this.switchTo({ kind: 'moving', start, velocity }, (firstFrameMs) => {
      if (this.moving === move) move.firstFrameMs = firstFrameMs;
    });
  }

  /** Stops the pan/tilt and/or zoom part of a continuous move. */
  stop(panTilt = true, zoom = true): Promise<void> {
    const move = this.moving;
    if (!move) return Promise.resolve();
    const velocity: PtzVector = {
      pan: panTilt ? 0 : move.velocity.pan,
      tilt: panTilt ? 0 : move.velocity.tilt,
      zoom: zoom ? 0 : move.velocity.zoom,
    };
    if (velocity.pan !== 0 || velocity.tilt !== 0 || velocity.zoom !== 0) {
      const remainingMs = move.timeoutAtMs === undefined ? 0 : Math.max(1, move.timeoutAtMs - this.nowMs());
      return this.continuousMove(velocity, remainingMs);
    }
    // The moving picture keeps going until the static one is on air: stop where it will be then.
    const elapsedMs = move.firstFrameMs === undefined ? 0 : this.nowMs() - move.firstFrameMs + this.expectedSwitchMs;
    return this.park(positionAfter(move.start, move.velocity, elapsedMs));
  }

  gotoPreset(token: string): Promise<void> {
    const preset = this.presets.get(token);
    if (!preset) throw new PresetError('NoToken', 'No preset with this token');
    return this.park(preset.position);
  }

  setPreset(name: string | undefined, token: string | undefined): string {
    return this.presets.set(this.currentPosition(), name, token);
  }

  removePreset(token: string): void {
    this.presets.remove(token);
  }

  gotoHome(): Promise<void> {
    return this.park(this.home);
  }

  setHome(): void {
    this.home = this.currentPosition();
  }

  /** Re-applies the current view (e.g. after the moving object was switched on or off). */
  refresh(): Promise<void> {
    if (this.moving) return this.continuousMove(this.moving.velocity, this.moving.timeoutAtMs ? this.moving.timeoutAtMs - this.nowMs() : 0);
    return this.switchTo(this.currentView());
  }

  dispose(): void {
    this.clearMove();
  }

  private park(target: PtzVector): Promise<void> {
    this.clearMove();
    this.position = clampPosition(target);
    return this.switchTo({ kind: 'static', window: windowFor(this.position, this.opts.geometry) });
  }

  private clearMove(): void {
    if (this.moving?.timeout) clearTimeout(this.moving.timeout);
    this.moving = undefined;
  }

  private async switchTo(view: ViewSpec, onAir?: (firstFrameMs: number) => void): Promise<void> {
    this.pendingSwitches++;
    const startedMs = this.nowMs();
    try {
      const firstFrameMs = await this.opts.applyView(view);
      if (firstFrameMs !== undefined) {
        onAir?.(firstFrameMs);
        this.expectedSwitchMs = 0.7 * this.expectedSwitchMs + 0.3 * Math.min(2000, this.nowMs() - startedMs);
      }
    } finally {
      this.pendingSwitches--;
    }
  }
}
