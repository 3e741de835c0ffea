import { describe, expect, it } from 'vitest';
import { createStageStore } from '../../../../src/state/stage.store';
import { createTimelineStore, isTileLinked, tileContext } from '../../../../src/state/timeline.store';
import { currentTimeAt, isLiveAt, playRequestAt } from '../../../../src/core/timeline';
import { FakeClock } from '../../helpers/fake-clock';
import { cam } from '../../helpers/stage-grids';
import { MemoryStorage } from '../../helpers/memory-storage';

const MINUTE = 60_000;

function setup() {
  const clock = new FakeClock();
  const store = createTimelineStore({ now: clock.now });
  return { clock, store, state: store.state, actions: store.actions };
}

describe('timeline store', () => {
  it('starts live, with every tile linked to the master', () => {
    const { clock, state } = setup();
    expect(isLiveAt(state.master, clock.now())).toBe(true);
    expect(isTileLinked(state, 'a')).toBe(true);
    expect(tileContext(state, 'a')).toBe(state.master);
  });

  it('applies master actions to every linked tile', () => {
    const { clock, state, actions } = setup();
    actions.seek(clock.now() - 10 * MINUTE);
    actions.setSpeed(4);
    for (const key of ['a', 'b']) expect(playRequestAt(tileContext(state, key), clock.now())).toEqual({ timeMs: clock.now() - 10 * MINUTE, speed: 4 });
  });

  it('gives an unlinked tile a copy of the master that master changes no longer move', () => {
    const { clock, state, actions } = setup();
    actions.seek(clock.now() - 10 * MINUTE);
    actions.unlink('a');
    expect(isTileLinked(state, 'a')).toBe(false);
    expect(tileContext(state, 'a')).toEqual(state.master);
    const past = clock.now() - 10 * MINUTE;
    actions.goLive();
    clock.advance(1000);
    expect(isLiveAt(state.master, clock.now())).toBe(true);
    expect(isLiveAt(tileContext(state, 'a'), clock.now())).toBe(false);
    expect(currentTimeAt(tileContext(state, 'a'), clock.now())).toBe(past + 1000);
    expect(isLiveAt(tileContext(state, 'b'), clock.now())).toBe(true);
  });

  it('acts on an unlinked tile’s own context, and on the master through a linked one', () => {
    const { clock, state, actions } = setup();
    actions.unlink('a');
    actions.seek(clock.now() - 5 * MINUTE, 'a');
    expect(isLiveAt(state.master, clock.now())).toBe(true);
    expect(tileContext(state, 'a').timeMs).toBe(clock.now() - 5 * MINUTE);
    actions.pause('b');
    expect(state.master.paused).toBe(true);
    expect(tileContext(state, 'a').paused).toBe(false);
  });

  it('relinking drops the tile’s own context and follows the master again', () => {
    const { clock, state, actions } = setup();
    actions.unlink('a');
    actions.seek(clock.now() - 5 * MINUTE, 'a');
    actions.toggleLink('a');
    expect(isTileLinked(state, 'a')).toBe(true);
    expect(state.tiles.a!.own).toBeNull();
    expect(tileContext(state, 'a')).toBe(state.master);
  });

  it('restores exactly, on leaving full screen, the master and every tile’s link and context saved on entering', () => {
    const { clock, state, actions } = setup();
    actions.seek(clock.now() - 10 * MINUTE);
    actions.setSpeed(4);
    actions.unlink('a');
    actions.pause('a');
    const before = JSON.parse(JSON.stringify({ master: state.master, tiles: state.tiles }));

    actions.enterFullScreen();
    clock.advance(2000);
    actions.goLive();
    actions.setSpeed(-16);
    actions.link('a');
    actions.unlink('b');
    actions.seek(clock.now() - 2 * MINUTE, 'b');
    actions.exitFullScreen();

    expect(JSON.parse(JSON.stringify({ master: state.master, tiles: state.tiles }))).toEqual(before);
    expect(state.saved).toBeNull();
    expect(isTileLinked(state, 'a')).toBe(false);
    expect(isTileLinked(state, 'b')).toBe(true);
  });

  it('keeps the first save when another cell goes full screen, and ignores leaving when not in full screen', () => {
    const { clock, state, actions } = setup();
    actions.seek(clock.now() - 10 * MINUTE);
    const saved = { ...state.master };
    actions.enterFullScreen();
    actions.goLive();
    actions.enterFullScreen();
    actions.exitFullScreen();
    expect(state.master).toEqual(saved);
    actions.goLive();
    actions.exitFullScreen();
    expect(state.master.timeMs).toBe(0);
  });

  it('is saved and restored by every way in and out of the stage’s full screen', async () => {
    const { clock, state, actions } = setup();
    const stage = createStageStore({
      storage: new MemoryStorage(),
      timers: clock,
      log: () => undefined,
      onFullScreen: (on) => (on ? actions.enterFullScreen() : actions.exitFullScreen()),
    });
    await stage.actions.load('u1');
    stage.actions.addCamera(cam('A'));
    actions.seek(clock.now() - 10 * MINUTE);
    const before = { ...state.master };

    stage.actions.setFullScreen({ row: 0, column: 0 });
    actions.goLive();
    stage.actions.setFullScreen(null);
    expect(state.master).toEqual(before);

    // Releasing the full-screen cell leaves full screen too.
    stage.actions.setFullScreen({ row: 0, column: 0 });
    actions.setSpeed(-4);
    stage.actions.release({ row: 0, column: 0 });
    expect(stage.state.fullScreen).toBeNull();
    expect(state.master).toEqual(before);
  });
});

describe('the fine window (the export selection)', () => {
  it('starts empty, keeps a span, refuses a window that is not one, and clears', () => {
    const { state, actions } = createTimelineStore({ now: () => 1_000_000 });
    expect(state.fine).toBeNull();
    actions.setFine(100_000, 160_000);
    expect(state.fine).toEqual({ startMs: 100_000, stopMs: 160_000 });
    expect(() => actions.setFine(160_000, 160_000)).toThrow(RangeError);
    expect(() => actions.setFine(Number.NaN, 160_000)).toThrow(RangeError);
    expect(state.fine).toEqual({ startMs: 100_000, stopMs: 160_000 });
    actions.clearFine();
    expect(state.fine).toBeNull();
  });
});
