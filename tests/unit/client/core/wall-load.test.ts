import { describe, expect, it } from 'vitest';
import { ESCALATE_AFTER_MS, RECOVER_AFTER_MS, tilePaceMs, WallLoadGovernor } from '../../../../src/core/wall-load';

describe('wall load governor', () => {
  it('stays at full rate while the page keeps up', () => {
    const governor = new WallLoadGovernor(0);
    expect(governor.setLevel('normal', 0)).toBe(0);
    expect(governor.tick(60_000)).toBe(0);
    expect(governor.settling).toBe(false);
  });

  it('steps down after a while at critical, one step per wait, to the last step', () => {
    const governor = new WallLoadGovernor(0);
    governor.setLevel('critical', 1_000);
    expect(governor.tick(1_000 + ESCALATE_AFTER_MS - 1)).toBe(0);
    expect(governor.tick(1_000 + ESCALATE_AFTER_MS)).toBe(1);
    // The next step needs its own wait: the monitor has to see the first one work.
    expect(governor.tick(1_000 + ESCALATE_AFTER_MS + 1_000)).toBe(1);
    expect(governor.tick(1_000 + 2 * ESCALATE_AFTER_MS)).toBe(2);
    expect(governor.settling).toBe(false);
    expect(governor.tick(1_000 + 10 * ESCALATE_AFTER_MS)).toBe(2);
  });

  it('gives the rate back one step at a time after the page has recovered for longer', () => {
    const governor = new WallLoadGovernor(0);
    governor.setLevel('critical', 0);
    governor.tick(ESCALATE_AFTER_MS);
    governor.tick(2 * ESCALATE_AFTER_MS);
    expect(governor.step).toBe(2);
    const recovered = 10_000;
    governor.setLevel('normal', recovered);
    expect(governor.settling).toBe(true);
    expect(governor.tick(recovered + RECOVER_AFTER_MS - 1)).toBe(2);
    expect(governor.tick(recovered + RECOVER_AFTER_MS)).toBe(1);
    expect(governor.tick(recovered + 2 * RECOVER_AFTER_MS)).toBe(0);
    expect(governor.settling).toBe(false);
  });

  it('starts the wait again when the level swings back before a step', () => {
    const governor = new WallLoadGovernor(0);
    governor.setLevel('critical', 0);
    governor.setLevel('normal', ESCALATE_AFTER_MS - 100);
    governor.setLevel('critical', ESCALATE_AFTER_MS);
    expect(governor.tick(ESCALATE_AFTER_MS + 100)).toBe(0);
    expect(governor.tick(2 * ESCALATE_AFTER_MS)).toBe(1);
  });
});

describe('tile pace', () => {
  it('leaves focused tiles and an unburdened wall alone', () => {
    expect(tilePaceMs(0, false, 10)).toBe(0);
    expect(tilePaceMs(2, true, 10)).toBe(0);
  });

  it('halves, then quarters, what unfocused tiles ask', () => {
    expect(tilePaceMs(1, false, 10)).toBe(200);
    expect(tilePaceMs(2, false, 10)).toBe(400);
    expect(tilePaceMs(1, false, 25)).toBe(80);
  });
});
