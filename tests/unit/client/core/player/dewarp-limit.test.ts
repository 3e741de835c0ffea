import { describe, expect, it } from 'vitest';
import { arrivalOrder, deviceDewarpLimitPlan, dewarpChangeAllowed, dewarpLimitPlan } from '../../../../../src/core/player/dewarp-limit';

const keys = (count: number, prefix = 'cam') => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('arrivalOrder', () => {
  it('keeps the tiles already there in their order and appends new ones in reading order', () => {
    expect(arrivalOrder(['b', 'a'], ['a', 'c', 'b', 'd'])).toEqual(['b', 'a', 'c', 'd']);
  });

  it('drops tiles that left', () => {
    expect(arrivalOrder(['a', 'b', 'c'], ['c', 'a'])).toEqual(['a', 'c']);
  });

  it('gives a restored stage its reading order', () => {
    expect(arrivalOrder([], ['x', 'y', 'z'])).toEqual(['x', 'y', 'z']);
  });
});

describe('dewarpLimitPlan', () => {
  it('lets 16 tiles dewarp on a desktop and plays the 17th (the newest) plain', () => {
    const order = keys(17);
    const plan = deviceDewarpLimitPlan(order, new Set(order), false);
    expect(plan.limit).toBe(16);
    expect(plan.dewarped.size).toBe(16);
    expect([...plan.overLimit]).toEqual(['cam17']);
  });

  it('allows 8 on mobile: the newest lose dewarp first', () => {
    const order = keys(10);
    const plan = deviceDewarpLimitPlan(order, new Set(order), true);
    expect([...plan.overLimit]).toEqual(['cam9', 'cam10']);
    expect(plan.dewarped.has('cam8')).toBe(true);
  });

  it('keeps dewarp on a tile that had it when a camera put on the stage later wants it too', () => {
    // cam1 was on the stage first; the new camera lands before it in reading order.
    const order = arrivalOrder(['cam1'], ['new', 'cam1']);
    const plan = dewarpLimitPlan(order, new Set(['new', 'cam1']), 1);
    expect([...plan.dewarped]).toEqual(['cam1']);
    expect([...plan.overLimit]).toEqual(['new']);
  });

  it('counts only the tiles that want dewarp', () => {
    const order = keys(20);
    const wanting = new Set(order.filter((_, i) => i % 2 === 0));
    const plan = dewarpLimitPlan(order, wanting, 16);
    expect(plan.dewarped.size).toBe(10);
    expect(plan.overLimit.size).toBe(0);
    expect(plan.dewarped.has('cam2')).toBe(false);
  });

  it('gives the place of a tile that stops wanting dewarp to the oldest one past the limit', () => {
    const order = keys(18);
    const wanting = new Set(order.filter((key) => key !== 'cam3'));
    const plan = dewarpLimitPlan(order, wanting, 16);
    expect([...plan.overLimit]).toEqual(['cam18']);
    expect(plan.dewarped.has('cam17')).toBe(true);
  });

  it('ranks a wanting tile missing from the order as the newest', () => {
    const plan = dewarpLimitPlan(['a', 'b'], new Set(['stray', 'a', 'b']), 2);
    expect([...plan.overLimit]).toEqual(['stray']);
  });
});

describe('dewarpChangeAllowed', () => {
  const full = dewarpLimitPlan(keys(16), new Set(keys(16)), 16);
  const room = dewarpLimitPlan(keys(7), new Set(keys(7)), 8);

  it('refuses turning dewarp on for one more tile at the limit', () => {
    expect(dewarpChangeAllowed(0, 1, full)).toBe(false);
    expect(dewarpChangeAllowed(0, 2, room)).toBe(true);
  });

  it('never refuses turning dewarp off or switching between modes', () => {
    expect(dewarpChangeAllowed(1, 2, full)).toBe(true);
    expect(dewarpChangeAllowed(1, 0, full)).toBe(true);
  });
});
