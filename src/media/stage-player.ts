/**
 * One stage tile's player: the PlayerStateMachine (spec 4: 10 s play
 * time-out, 120 s for low bandwidth, restart 5 s after a recoverable error,
 * switch of player type on a non-recoverable one) driving two sources, low
 * bandwidth and WebRTC, of which one plays at a time. It also keeps the
 * tile's slow-network flag (hidden 2000 ms after the network recovers) and
 * which surface shows the picture (the tile's canvas, its <video>, or the
 * stage compositor when a shader is needed).
 *
 * What it plays (live, or a time and speed) and whether it is paused come
 * from the tile's timeline context, through `play` and `pause`.
 *
 * Listeners hear a new view only on changes; per-frame data never passes
 * here. Sources are injected, so the logic is tested without a browser.
 */
import {
  PlayerStateMachine,
  type ArchiveAvailability,
  type PlayerSnapshot,
  type PlayerType,
  type PlayRequest,
} from '../core/player';
import type { Timers } from '../../workers/core/browser-timers';
import type { StreamDewarpConfiguration } from '../../server/shared/api';
import type { PerspectiveView } from '../../workers/core/dewarp/dewarp-settings';
import { dewarpChangeRestartsPlay } from '../core/player/player-modes';
import type { DigitalView } from '../../workers/core/digital-zoom';
import type { PlayerSource, SourceStats } from './player-source';

/** Spec 9: the slow-network warning stays 2000 ms after the network recovered. */
export const SLOW_NETWORK_HIDE_MS = 2000;
export const LIVE_REQUEST: PlayRequest = { timeMs: 0, speed: 1 };

export type PlayerSurface = 'canvas' | 'video' | 'compositor';

export interface StagePlayerView {
  snapshot: PlayerSnapshot;
  slowNetwork: boolean;
  surface: PlayerSurface;
}

export interface StagePlayerDeps {
  sources: Record<PlayerType, PlayerSource>;
  timers: Timers;
  type: PlayerType;
  availableTypes: readonly PlayerType[];
  /** What the recorder holds at a time (spec 4 error handling); without it errors restart after 5 s. */
  probeArchive?: (timeMs: number, speed: number) => Promise<ArchiveAvailability>;
  /** Where playback should be now: restarts after an error resume there (the tile's timeline). */
  currentRequest?: () => PlayRequest;
  /** Hears the shader the tile needs (null: none) so the stage compositor can draw it. */
  onShader?: (request: ShaderRequest | null) => void;
  /** Whether the stage can draw shader tiles (false once its WebGL compositor failed); true when absent. */
  shaderAvailable?: () => boolean;
  /** Hears whether the tile is in focus (the wall's load governor spares it). */
  onFocus?: (focused: boolean) => void;
  onDestroy?: () => void;
}

/** What a tile asks of the compositor: where it is and how to draw it. */
export interface ShaderRequest {
  /** CSS pixels inside the compositor canvas (the grid). */
  rect: { x: number; y: number; width: number; height: number };
  dewarpMode: 0 | 1 | 2;
  /** The stream's dewarp settings; dewarp applies only when enabled. */
  dewarp: StreamDewarpConfiguration | null;
  /** The perspective view the user turned to; the settings' default view when null. */
  view: PerspectiveView | null;
  zoom: DigitalView;
}

/** Digital zoom past 1, or a dewarp mode on a dewarp-enabled stream, needs the compositor. */
export function needsShader(request: Pick<ShaderRequest, 'dewarpMode' | 'dewarp' | 'zoom'>): boolean {
  return request.zoom.scale > 1.0001 || (request.dewarpMode !== 0 && request.dewarp?.enable === true);
}

export class StagePlayer {
  private readonly machine: PlayerStateMachine;
  private readonly listeners = new Set<(view: StagePlayerView) => void>();
  private active: PlayerSource | null = null;
  private slow = false;
  private slowTimer: unknown = undefined;
  private shader = false;
  /** The dewarp mode the tile draws now (0 when it does not dewarp); undefined before its first shader request. */
  private dewarpMode: 0 | 1 | 2 | undefined;
  private hidden = false;
  private volume = 0;
  private destroyed = false;
  private current: StagePlayerView;

  constructor(private readonly deps: StagePlayerDeps) {
    this.machine = new PlayerStateMachine({
      type: deps.type,
      availableTypes: deps.availableTypes,
      timers: deps.timers,
      ...(deps.probeArchive ? { probeArchive: deps.probeArchive } : {}),
      ...(deps.currentRequest ? { currentRequest: deps.currentRequest } : {}),
      driver: {
        start: (token, request, type) => this.startSource(token, request, type),
        stop: () => this.stopSource(),
      },
    });
    this.current = this.compute(this.machine.snapshot);
    this.machine.subscribe((snapshot) => this.publish(snapshot));
  }

  get view(): StagePlayerView {
    return this.current;
  }

  subscribe(listener: (view: StagePlayerView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  play(request: PlayRequest = LIVE_REQUEST): void {
    if (this.destroyed) return;
    // Replaced or stopped requests reject; the snapshot already tells the tile.
    this.machine.play(request).catch(() => undefined);
  }

  /**
   * The tile's timeline is paused: the source stops (the last picture
   * stays) and pending requests are cancelled; `play` resumes from the
   * timeline's time.
   */
  pause(): void {
    if (this.destroyed) return;
    this.machine.pause();
  }

  /** The user picked a player mode (throws 'Unsupported player mode' for one not offered). */
  setType(type: PlayerType): void {
    this.machine.setType(type);
  }

  /** The tile is under the pointer, holds the keyboard focus or is in full screen. */
  setFocused(focused: boolean): void {
    this.deps.onFocus?.(focused);
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    for (const source of Object.values(this.deps.sources)) source.setHidden(hidden);
  }

  /** The tile's volume (spec 2, 9: 0, 0.5 or 1; 0 mutes), for sources that carry sound. */
  setVolume(volume: number): void {
    this.volume = volume;
    for (const source of Object.values(this.deps.sources)) source.setVolume?.(volume);
  }

  /** The tile's zoom, dewarp and place; the compositor draws it when a shader is needed. */
  setShaderRequest(request: ShaderRequest): void {
    const on = needsShader(request) && (this.deps.shaderAvailable?.() ?? true);
    const mode = on && request.dewarp?.enable === true ? request.dewarpMode : 0;
    this.deps.onShader?.(on ? request : null);
    this.setShader(on);
    const was = this.dewarpMode;
    this.dewarpMode = mode;
    if (was !== undefined && dewarpChangeRestartsPlay(this.machine.snapshot.activeType, was, mode)) this.restartLowBandwidth();
  }

  /**
   * Spec 4: switching dewarp on or off under low bandwidth restarts play,
   * so the session is asked again at the size the new view needs (a
   * dewarped view magnifies part of the picture). A switch while the last
   * restart still connects is queued behind it (the machine keeps the
   * newest waiting request), or the view would keep the old size.
   */
  private restartLowBandwidth(): void {
    const snapshot = this.machine.snapshot;
    const running = snapshot.source === 'playing' || snapshot.source === 'connecting';
    if (this.destroyed || !running || !snapshot.request) return;
    this.play(this.deps.currentRequest?.() ?? snapshot.request);
  }

  /** Digital zoom or dewarp on: the compositor draws this tile. */
  setShader(on: boolean): void {
    if (on === this.shader) return;
    this.shader = on;
    for (const source of Object.values(this.deps.sources)) source.setShader(on);
    this.publish(this.machine.snapshot);
  }

  /**
   * The tile was resized, or its picture size scaled (the wall-load
   * governor): a low-bandwidth source that needs another picture size plays
   * again, from `request` when given, else from where the tile's timeline is
   * now (a playback goes on from its current time), else from the request
   * it was started with.
   */
  resized(request?: PlayRequest): void {
    if (this.destroyed) return;
    this.active?.resized?.();
    const snapshot = this.machine.snapshot;
    if (snapshot.source !== 'playing' || !snapshot.request || !this.active?.outgrown?.()) return;
    this.play(request ?? this.deps.currentRequest?.() ?? snapshot.request);
  }

  async stats(): Promise<SourceStats | null> {
    return this.active ? this.active.stats() : null;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.machine.stop();
    this.destroyed = true;
    this.clearSlowTimer();
    for (const source of Object.values(this.deps.sources)) source.destroy();
    this.deps.onShader?.(null);
    this.listeners.clear();
    this.deps.onDestroy?.();
  }

  private startSource(token: number, request: PlayRequest, type: PlayerType): void {
    this.stopSource();
    const source = this.deps.sources[type];
    this.active = source;
    source.setHidden(this.hidden);
    source.setShader(this.shader);
    source.setVolume?.(this.volume);
    source.start(request, {
      playing: () => this.machine.sourcePlaying(token),
      failed: (failure) => this.machine.sourceFailed(token, failure),
      slow: (on) => this.setSlow(on),
    });
  }

  private stopSource(): void {
    this.active?.stop();
    this.active = null;
    this.setSlow(false, true);
  }

  private setSlow(on: boolean, immediately = false): void {
    if (on) {
      this.clearSlowTimer();
      if (!this.slow) {
        this.slow = true;
        this.publish(this.machine.snapshot);
      }
      return;
    }
    if (!this.slow) return;
    if (immediately) {
      this.clearSlowTimer();
      this.slow = false;
      this.publish(this.machine.snapshot);
      return;
    }
    if (this.slowTimer !== undefined) return;
    this.slowTimer = this.deps.timers.setTimeout(() => {
      this.slowTimer = undefined;
      this.slow = false;
      this.publish(this.machine.snapshot);
    }, SLOW_NETWORK_HIDE_MS);
  }

  private clearSlowTimer(): void {
    if (this.slowTimer !== undefined) this.deps.timers.clearTimeout(this.slowTimer);
    this.slowTimer = undefined;
  }

  private compute(snapshot: PlayerSnapshot): StagePlayerView {
    const surface: PlayerSurface = this.shader ? 'compositor' : snapshot.activeType === 'webrtc' ? 'video' : 'canvas';
    return { snapshot, slowNetwork: this.slow, surface };
  }

  private publish(snapshot: PlayerSnapshot): void {
    if (this.destroyed) return;
    this.current = this.compute(snapshot);
    for (const listener of this.listeners) listener(this.current);
  }
}
