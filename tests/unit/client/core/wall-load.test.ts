import { describe, expect, it } from 'vitest';
import { CALM_AFTER_MS, ESCALATE_AFTER_MS, RECOVER_AFTER_MS, tilePaceMs, tilePictureScale, WallLoadGovernor } from '../../../../src/core/wall-load';

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

  it('adds up critical time across short returns to normal, as a page at its limit swings', () => {
    const governor = new WallLoadGovernor(0);
    // Critical and normal in turn, a second each: the wait must still end.
    let now = 0;
    for (let swing = 0; swing < 3; swing++) {
      governor.setLevel('critical', now);
      now += 1_000;
      governor.setLevel('normal', now);
      now += 1_000;
    }
    governor.setLevel('critical', now);
    expect(governor.tick(now)).toBe(1);
  });

  it('counts only critical time, not the returns to normal between', () => {
    const governor = new WallLoadGovernor(0);
    governor.setLevel('critical', 0);
    governor.setLevel('normal', ESCALATE_AFTER_MS - 100);
    governor.setLevel('critical', ESCALATE_AFTER_MS + 1_000);
    expect(governor.tick(ESCALATE_AFTER_MS + 1_099)).toBe(0);
    expect(governor.tick(ESCALATE_AFTER_MS + 1_100)).toBe(1);
  });

  it('starts counting again after a calm stretch at normal', () => {
    const governor = new WallLoadGovernor(0);
    governor.setLevel('critical', 0);
    governor.setLevel('normal', ESCALATE_AFTER_MS - 100);
    const back = ESCALATE_AFTER_MS - 100 + CALM_AFTER_MS;
    governor.setLevel('critical', back);
    expect(governor.tick(back + ESCALATE_AFTER_MS - 1)).toBe(0);
    expect(governor.tick(back + ESCALATE_AFTER_MS)).toBe(1);
  });

  it('gives nothing back while the page swings into critical before the recovery wait ends', () => {
    const governor = new WallLoadGovernor(0);
    governor.setLevel('critical', 0);
    expect(governor.tick(ESCALATE_AFTER_MS)).toBe(1);
    governor.setLevel('normal', ESCALATE_AFTER_MS);
    governor.setLevel('critical', ESCALATE_AFTER_MS + RECOVER_AFTER_MS - 500);
    governor.setLevel('normal', ESCALATE_AFTER_MS + RECOVER_AFTER_MS);
    expect(governor.tick(ESCALATE_AFTER_MS + RECOVER_AFTER_MS + 100)).toBe(1);
    expect(governor.tick(ESCALATE_AFTER_MS + 2 * RECOVER_AFTER_MS)).toBe(0);
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

describe('tile picture scale', () => {
  it('halves the picture of unfocused tiles at the last step only, and never the focused tile', () => {
    expect(tilePictureScale(0, false)).toBe(1);
    expect(tilePictureScale(1, false)).toBe(1);
    expect(tilePictureScale(2, false)).toBe(0.5);
    expect(tilePictureScale(2, true)).toBe(1);
  });
});
