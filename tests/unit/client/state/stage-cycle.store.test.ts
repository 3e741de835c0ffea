import { describe, expect, it } from 'vitest';
import { createStageCycleStore } from '../../../../src/state/stage-cycle.store';
import { FakeClock, flushPromises } from '../../helpers/fake-clock';
import { MemoryStorage } from '../../helpers/memory-storage';

function setup() {
  const clock = new FakeClock();
  const storage = new MemoryStorage();
  const store = createStageCycleStore({ storage, timers: clock, log: () => undefined });
  return { clock, storage, store, state: store.state, actions: store.actions };
}

describe('stage cycle store', () => {
  it('loads per-user settings and saves changes 1000 ms after the last one', async () => {
    const { clock, storage, state, actions } = setup();
    storage.values.set('stage-cycle:u1', { speed: 10, currentStage: 'b', excludeFromCycle: { c: true } });
    await actions.load('u1');
    expect(state.settings).toEqual({ speed: 10, currentStage: 'b', excludeFromCycle: { c: true } });
    actions.setSpeed(30);
    actions.setExcluded('c', false);
    actions.setExcluded('a', true);
    clock.advance(1000);
    await flushPromises();
    expect(storage.writes).toBe(1);
    expect(storage.values.get('stage-cycle:u1')).toEqual({ speed: 30, currentStage: 'b', excludeFromCycle: { a: true } });
  });

  it('refuses speeds outside the list', async () => {
    const { actions } = setup();
    expect(() => actions.setSpeed(7)).toThrow(RangeError);
  });

  it('cycles through included stages while attached and remembers the current one', async () => {
    const { clock, storage, state, actions, store } = setup();
    await actions.load('u1');
    actions.setStages(['a', 'b', 'c']);
    const shown: string[] = [];
    const detach = actions.attach((id) => shown.push(id));
    expect(store.cycling).toBe(false); // speed 0: off
    actions.setExcluded('b', true);
    actions.setSpeed(5);
    clock.advance(300);
    expect(shown).toEqual(['a']);
    clock.advance(5_000);
    expect(shown).toEqual(['a', 'c']);
    expect(state.settings.currentStage).toBe('c');
    clock.advance(1_000);
    await flushPromises();
    expect((storage.values.get('stage-cycle:u1') as { currentStage: string }).currentStage).toBe('c');
    detach();
    clock.advance(60_000);
    expect(shown).toEqual(['a', 'c']);
  });
});
