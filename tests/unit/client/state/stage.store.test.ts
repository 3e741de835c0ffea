import { describe, expect, it } from 'vitest';
import type { StageMatrix } from '../../../../server/shared/api';
import { createStageStore } from '../../../../src/state/stage.store';
import { FakeClock, flushPromises } from '../../helpers/fake-clock';
import { cam, grid, picture } from '../../helpers/stage-grids';
import { MemoryStorage } from '../../helpers/memory-storage';

function setup() {
  const clock = new FakeClock();
  const storage = new MemoryStorage();
  const logs: string[] = [];
  const store = createStageStore({ storage, timers: clock, log: (message) => logs.push(message) });
  return { clock, storage, logs, store, state: store.state, actions: store.actions };
}

describe('stage store', () => {
  it('loads the user’s stored matrix, converting the older span field', async () => {
    const { storage, state, actions } = setup();
    storage.values.set('stage-matrix:u1', [[{ camera: cam('A'), span: 1 }, { camera: cam('B') }]]);
    await actions.load('u1');
    expect(state.loaded).toBe(true);
    expect(picture(state.matrix)).toEqual(['A B']);
  });

  it('starts with one empty cell, and falls back to it (logged) for an unreadable matrix', async () => {
    const { storage, state, actions, logs } = setup();
    await actions.load('new-user');
    expect(picture(state.matrix)).toEqual(['.']);
    storage.values.set('stage-matrix:u2', { not: 'rows' });
    await actions.load('u2');
    expect(picture(state.matrix)).toEqual(['.']);
    expect(logs).toContain('Failed to read the saved stage matrix');
    storage.failReads = true;
    await actions.load('u3');
    expect(state.loaded).toBe(true);
    expect(logs).toContain('Failed to read the saved stage');
  });

  it('persists changes per user 1000 ms after the last one', async () => {
    const { clock, storage, actions } = setup();
    await actions.load('u1');
    actions.addCamera(cam('A'));
    clock.advance(500);
    actions.addCamera(cam('B'));
    clock.advance(999);
    expect(storage.writes).toBe(0);
    clock.advance(1);
    await flushPromises();
    expect(storage.writes).toBe(1);
    expect(picture(storage.values.get('stage-matrix:u1') as StageMatrix)).toEqual(['A B']);
  });

  it('refuses a camera beyond the player limit and raises the alert', async () => {
    const { state, actions } = setup();
    await actions.load('u1');
    actions.setMaxPlayers(2);
    actions.addCamera(cam('A'));
    actions.addCamera(cam('B'));
    expect(actions.addCamera(cam('C'))).toEqual({ ok: false, reason: 'player-limit' });
    expect(actions.claim({ row: 1, column: 0 }, cam('C'))).toEqual({ ok: false, reason: 'player-limit' });
    expect(state.alert).toEqual({ type: 'player-limit', maxPlayers: 2, message: 'You cannot view more than 2 players at a time' });
    // Replacing a camera does not add a player.
    expect(actions.claim({ row: 0, column: 0 }, cam('C'))).toEqual({ ok: true });
    expect(picture(state.matrix)).toEqual(['C B']);
  });

  it('paints the drag target green or red and commits only accepted drops', async () => {
    const { state, actions } = setup();
    await actions.load('u1');
    actions.showLayout('s1', grid('A21 # .', '. . B'));
    actions.previewDrop({ row: 0, column: 0 }, { row: 1, column: 1 });
    expect(state.highlight).toEqual({
      area: { row: 1, column: 1, rowSpan: 1, columnSpan: 2 },
      accepted: false,
      reason: 'occupied',
    });
    expect(actions.drop({ row: 0, column: 0 }, { row: 1, column: 1 })).toEqual({ ok: false, reason: 'occupied' });
    expect(picture(state.matrix)).toEqual(['A21 # .', '. . B']);
    actions.previewDrop({ row: 0, column: 0 }, { row: 1, column: 2 });
    expect(state.highlight?.accepted).toBe(true);
    actions.drop({ row: 0, column: 0 }, { row: 1, column: 2 });
    expect(picture(state.matrix)).toEqual(['B21 # .', '. . A']); // swapped; each position keeps its spans
    expect(state.highlight).toBeNull();
  });

  it('paints where a camera from the bag would land, red on a spanned cell, and leaves an unchanged target alone', async () => {
    const { state, actions } = setup();
    await actions.load('u1');
    actions.showLayout('s1', grid('A21 # .'));
    actions.previewClaim({ row: 0, column: 2 }, cam('C'));
    expect(state.highlight).toEqual({ area: { row: 0, column: 2, rowSpan: 1, columnSpan: 1 }, accepted: true });
    const painted = state.highlight;
    // Another pointer move over the same cell: the same object stays, so the grid does not render again.
    actions.previewClaim({ row: 0, column: 2 }, cam('C'));
    expect(state.highlight).toBe(painted);
    actions.previewClaim({ row: 0, column: 1 }, cam('C'));
    expect(state.highlight).toEqual({ area: { row: 0, column: 0, rowSpan: 1, columnSpan: 2 }, accepted: false, reason: 'spanned' });
    // A preview changes nothing; the claim does.
    expect(picture(state.matrix)).toEqual(['A21 # .']);
    actions.cancelDrag();
    expect(state.highlight).toBeNull();
    actions.claim({ row: 0, column: 2 }, cam('C'));
    expect(picture(state.matrix)).toEqual(['A21 # C']);
  });

  it('resizes with a preview and refuses overlaps', async () => {
    const { state, actions } = setup();
    await actions.load('u1');
    actions.showLayout('s1', grid('A . B'));
    actions.previewResize({ row: 0, column: 0 }, 'east', { row: 0, column: 2 });
    expect(state.highlight?.accepted).toBe(false);
    expect(actions.resize({ row: 0, column: 0 }, 'east', { row: 0, column: 1 })).toEqual({ ok: true });
    expect(picture(state.matrix)).toEqual(['A21 # B']);
  });

  it('keeps full screen on one claimed cell and leaves it when that cell is released', async () => {
    const { state, actions } = setup();
    await actions.load('u1');
    actions.showLayout('s1', grid('A B'));
    actions.setFullScreen({ row: 0, column: 5 });
    expect(state.fullScreen).toBeNull();
    actions.setFullScreen({ row: 0, column: 1 });
    expect(state.fullScreen).toEqual({ row: 0, column: 1 });
    actions.release({ row: 0, column: 1 });
    expect(state.fullScreen).toBeNull();
  });

  it('sets dewarp mode (0-2 only) and forced low bandwidth per cell', async () => {
    const { state, actions } = setup();
    await actions.load('u1');
    actions.addCamera(cam('A'));
    actions.setDewarpMode({ row: 0, column: 0 }, 2);
    actions.setForceLbm({ row: 0, column: 0 }, true);
    expect(state.matrix[0]![0]).toMatchObject({ dewarpMode: 2, forceLbm: true });
    expect(() => actions.setDewarpMode({ row: 0, column: 0 }, 3 as 0)).toThrow(new RangeError('dewarpMode must be 0, 1 or 2'));
  });

  it('releases cameras that fail to load on restore, logging each', async () => {
    const { state, actions, logs } = setup();
    await actions.load('u1');
    actions.showLayout('s1', grid('. A', 'B C'));
    expect(actions.releaseUnavailable((camera) => camera.id === 'A')).toBe(2);
    expect(picture(state.matrix)).toEqual(['A']);
    expect(logs.filter((m) => m === 'Failed to load a camera on stage restore')).toHaveLength(2);
  });

  it('clears the stage to one empty cell', async () => {
    const { state, actions } = setup();
    await actions.load('u1');
    actions.showLayout('s1', grid('A B'));
    actions.clear();
    expect(picture(state.matrix)).toEqual(['.']);
    expect(state.layoutId).toBeNull();
  });
});
