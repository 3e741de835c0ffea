import { describe, expect, it } from 'vitest';
import type { PlayerSource, SourceCallbacks } from '../../../../src/media/player-source';
import { SLOW_NETWORK_HIDE_MS, StagePlayer, needsShader, type ShaderRequest } from '../../../../src/media/stage-player';
import { ERROR_RESTART_MS, PLAY_TIMEOUT_MS, type PlayerType } from '../../../../src/core/player';
import { FakeClock, flushPromises } from '../../helpers/fake-clock';

class FakeSource implements PlayerSource {
  starts = 0;
  stops = 0;
  hidden = false;
  shader = false;
  volume: number | undefined;
  destroyed = false;
  callbacks: SourceCallbacks | null = null;
  outgrown?: () => boolean;
  start(_request: unknown, callbacks: SourceCallbacks): void {
    this.starts++;
    this.callbacks = callbacks;
  }
  stop(): void {
    this.stops++;
    this.callbacks = null;
  }
  setHidden(hidden: boolean): void {
    this.hidden = hidden;
  }
  setShader(on: boolean): void {
    this.shader = on;
  }
  setVolume(volume: number): void {
    this.volume = volume;
  }
  async stats() {
    return null;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

function rig(type: PlayerType = 'webrtc', availableTypes: PlayerType[] = ['webrtc', 'lowbandwidth']) {
  const clock = new FakeClock();
  const sources = { webrtc: new FakeSource(), lowbandwidth: new FakeSource() };
  const shaders: Array<ShaderRequest | null> = [];
  const player = new StagePlayer({ sources, timers: clock, type, availableTypes, onShader: (request) => shaders.push(request) });
  return { clock, sources, player, shaders };
}

const plain: ShaderRequest = { rect: { x: 0, y: 0, width: 320, height: 180 }, dewarpMode: 1, dewarp: null, view: null, zoom: { scale: 1, centerX: 0.5, centerY: 0.5 } };

describe('stage player', () => {
  it('plays live with the selected type and reports playing', async () => {
    const r = rig();
    r.player.play();
    expect(r.sources.webrtc.starts).toBe(1);
    expect(r.player.view.snapshot.overlay).toBe('connecting');
    r.sources.webrtc.callbacks!.playing();
    await flushPromises();
    expect(r.player.view.snapshot.source).toBe('playing');
    expect(r.player.view.surface).toBe('video');
  });

  it('plays a past time at a speed, pauses (stopping the source) and plays on when asked again', async () => {
    const r = rig('lowbandwidth');
    let started: unknown = null;
    r.sources.lowbandwidth.start = function (request, callbacks) {
      this.starts++;
      this.callbacks = callbacks;
      started = request;
    };
    r.player.play({ timeMs: 1_700_000_000_000, speed: 4 });
    expect(started).toEqual({ timeMs: 1_700_000_000_000, speed: 4 });
    r.sources.lowbandwidth.callbacks!.playing();
    await flushPromises();
    r.player.pause();
    expect(r.sources.lowbandwidth.stops).toBeGreaterThan(0);
    expect(r.player.view.snapshot.source).toBe('paused');
    r.clock.advance(ERROR_RESTART_MS * 2);
    expect(r.sources.lowbandwidth.starts).toBe(1);
    r.player.play({ timeMs: 1_700_000_010_000, speed: 4 });
    expect(r.sources.lowbandwidth.starts).toBe(2);
    expect(started).toEqual({ timeMs: 1_700_000_010_000, speed: 4 });
  });

  it('restarts 5 s after a recoverable failure, with the warning overlay meanwhile', () => {
    const r = rig('lowbandwidth');
    r.player.play();
    r.sources.lowbandwidth.callbacks!.failed({ code: 'webSocketClosed', recoverable: true });
    expect(r.player.view.snapshot.overlay).toBe('error');
    r.clock.advance(ERROR_RESTART_MS);
    expect(r.sources.lowbandwidth.starts).toBe(2);
  });

  it('switches to the other type on a non-recoverable failure', () => {
    const r = rig('webrtc');
    r.player.play();
    r.sources.webrtc.callbacks!.failed({ code: 'autoplayBlocked', recoverable: false });
    expect(r.sources.lowbandwidth.starts).toBe(1);
    expect(r.player.view.snapshot.type).toBe('lowbandwidth');
    expect(r.player.view.surface).toBe('canvas');
  });

  it('times out a WebRTC start after 10 s and offers low bandwidth after more than two retries', () => {
    const r = rig('webrtc');
    r.player.play();
    for (let attempt = 1; attempt <= 3; attempt++) {
      r.clock.advance(PLAY_TIMEOUT_MS);
      expect(r.player.view.snapshot.error?.code).toBe('timedOutWaitingForStreamToPlay');
      r.clock.advance(ERROR_RESTART_MS);
    }
    r.clock.advance(PLAY_TIMEOUT_MS);
    expect(r.player.view.snapshot.offerLowBandwidth).toBe(true);
  });

  it('refuses a player mode it does not offer', () => {
    const r = rig('lowbandwidth', ['lowbandwidth']);
    expect(() => r.player.setType('webrtc')).toThrow('Unsupported player mode');
  });

  it('keeps the slow-network warning 2 s after the network recovered', () => {
    const r = rig('lowbandwidth');
    r.player.play();
    const callbacks = r.sources.lowbandwidth.callbacks!;
    callbacks.playing();
    callbacks.slow(true);
    expect(r.player.view.slowNetwork).toBe(true);
    callbacks.slow(false);
    r.clock.advance(SLOW_NETWORK_HIDE_MS - 1);
    expect(r.player.view.slowNetwork).toBe(true);
    r.clock.advance(1);
    expect(r.player.view.slowNetwork).toBe(false);
  });

  it('sends zoomed tiles to the compositor and plain ones back, hiding and destroying both sources', () => {
    const r = rig('lowbandwidth');
    r.player.play();
    r.player.setShaderRequest({ ...plain, zoom: { scale: 2, centerX: 0.5, centerY: 0.5 } });
    expect(r.player.view.surface).toBe('compositor');
    expect(r.sources.lowbandwidth.shader && r.sources.webrtc.shader).toBe(true);
    r.player.setShaderRequest(plain);
    expect(r.shaders).toEqual([expect.objectContaining({ zoom: { scale: 2, centerX: 0.5, centerY: 0.5 } }), null]);
    r.player.setHidden(true);
    expect(r.sources.lowbandwidth.hidden && r.sources.webrtc.hidden).toBe(true);
    r.player.destroy();
    expect(r.sources.lowbandwidth.destroyed && r.sources.webrtc.destroyed).toBe(true);
    expect(r.sources.lowbandwidth.stops).toBeGreaterThan(0);
  });

  it('hands the tile’s volume to its sources, and to a source when it starts', () => {
    const r = rig();
    r.player.setVolume(0.5);
    expect([r.sources.webrtc.volume, r.sources.lowbandwidth.volume]).toEqual([0.5, 0.5]);
    r.sources.webrtc.volume = undefined;
    r.player.play();
    expect(r.sources.webrtc.volume).toBe(0.5);
    r.player.setVolume(0);
    expect(r.sources.webrtc.volume).toBe(0);
  });

  it('needs a shader for digital zoom, and for dewarp only on a dewarp-enabled stream', () => {
    expect(needsShader(plain)).toBe(false);
    expect(needsShader({ ...plain, dewarp: { enable: true } })).toBe(true);
    expect(needsShader({ ...plain, dewarpMode: 0, dewarp: { enable: true } })).toBe(false);
    expect(needsShader({ ...plain, zoom: { scale: 1.1, centerX: 0.5, centerY: 0.5 } })).toBe(true);
  });
});

describe('stage player resize', () => {
  it('plays again when the source outgrew its picture size, only while playing', () => {
    const r = rig('lowbandwidth');
    let outgrown = false;
    r.sources.lowbandwidth.outgrown = () => outgrown;
    r.player.play();
    r.player.resized();
    expect(r.sources.lowbandwidth.starts).toBe(1);
    r.sources.lowbandwidth.callbacks!.playing();
    r.player.resized();
    expect(r.sources.lowbandwidth.starts).toBe(1);
    outgrown = true;
    r.player.resized();
    expect(r.sources.lowbandwidth.starts).toBe(2);
  });

  it('plays a playback on from where its timeline is now, not from where it started', async () => {
    const clock = new FakeClock();
    const sources = { webrtc: new FakeSource(), lowbandwidth: new FakeSource() };
    const now = { timeMs: 1_700_000_030_000, speed: 1 };
    const player = new StagePlayer({ sources, timers: clock, type: 'lowbandwidth', availableTypes: ['lowbandwidth'], currentRequest: () => now });
    const started: unknown[] = [];
    sources.lowbandwidth.start = function (request, callbacks) {
      this.starts++;
      this.callbacks = callbacks;
      started.push(request);
    };
    sources.lowbandwidth.outgrown = () => true;
    player.play({ timeMs: 1_700_000_000_000, speed: 1 });
    sources.lowbandwidth.callbacks!.playing();
    await flushPromises();
    player.resized();
    expect(started).toEqual([{ timeMs: 1_700_000_000_000, speed: 1 }, now]);
  });
});

describe('stage player dewarp', () => {
  const dewarped: ShaderRequest = { ...plain, dewarpMode: 1, dewarp: { enable: true } };
  const off: ShaderRequest = { ...dewarped, dewarpMode: 0 };

  it('restarts low-bandwidth play when dewarp is switched on or off while playing (spec 4), not on the first request nor on zoom', () => {
    const r = rig('lowbandwidth');
    r.player.play();
    r.sources.lowbandwidth.callbacks!.playing();
    r.player.setShaderRequest(off);
    r.player.setShaderRequest({ ...off, zoom: { scale: 2, centerX: 0.5, centerY: 0.5 } });
    expect(r.sources.lowbandwidth.starts).toBe(1);
    r.player.setShaderRequest(dewarped);
    expect(r.sources.lowbandwidth.starts).toBe(2);
    r.sources.lowbandwidth.callbacks!.playing();
    r.player.setShaderRequest({ ...dewarped, rect: { x: 10, y: 0, width: 320, height: 180 } });
    expect(r.sources.lowbandwidth.starts).toBe(2);
    r.player.setShaderRequest(off);
    expect(r.sources.lowbandwidth.starts).toBe(3);
  });

  it('restarts again when dewarp is switched back while the last restart is still connecting', async () => {
    const r = rig('lowbandwidth');
    r.player.play();
    r.sources.lowbandwidth.callbacks!.playing();
    r.player.setShaderRequest(dewarped);
    r.player.setShaderRequest(off);
    expect(r.sources.lowbandwidth.starts).toBe(2);
    expect(r.player.view.snapshot.source).toBe('connecting');
    // Switched back before the Off session plays: the Perspective size must still be asked for.
    r.player.setShaderRequest(dewarped);
    r.sources.lowbandwidth.callbacks!.playing();
    await flushPromises();
    expect(r.sources.lowbandwidth.starts).toBe(3);
  });

  it('does not restart low-bandwidth play when dewarp switches between Perspective and Panorama or the view turns', () => {
    const r = rig('lowbandwidth');
    r.player.play();
    r.sources.lowbandwidth.callbacks!.playing();
    r.player.setShaderRequest(dewarped);
    r.player.setShaderRequest({ ...dewarped, view: { pan: 90, tilt: 30, zoom: 2 } });
    r.player.setShaderRequest({ ...dewarped, dewarpMode: 2 });
    expect(r.sources.lowbandwidth.starts).toBe(1);
  });

  it('does not restart WebRTC play when dewarp changes', () => {
    const r = rig('webrtc');
    r.player.play();
    r.sources.webrtc.callbacks!.playing();
    r.player.setShaderRequest(off);
    r.player.setShaderRequest(dewarped);
    expect(r.sources.webrtc.starts).toBe(1);
    expect(r.player.view.surface).toBe('compositor');
  });

  it('plays plain when the stage cannot draw shader tiles', () => {
    const clock = new FakeClock();
    const sources = { webrtc: new FakeSource(), lowbandwidth: new FakeSource() };
    const shaders: Array<ShaderRequest | null> = [];
    const player = new StagePlayer({ sources, timers: clock, type: 'lowbandwidth', availableTypes: ['lowbandwidth'], onShader: (s) => shaders.push(s), shaderAvailable: () => false });
    player.play();
    player.setShaderRequest(dewarped);
    expect(shaders).toEqual([null]);
    expect(sources.lowbandwidth.shader).toBe(false);
    expect(player.view.surface).toBe('canvas');
  });
});
