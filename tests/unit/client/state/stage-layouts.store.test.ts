import { describe, expect, it } from 'vitest';
import { canEditLayout, sortLayouts } from '../../../../src/state/stage-layouts.store';

describe('saved stages', () => {
  it('lets administrators change any stage and others only their own unshared ones', () => {
    const mine = { shared: false, owner: { id: 'u1', name: 'me' } };
    expect(canEditLayout(mine, 'Viewer', 'u1')).toBe(true);
    expect(canEditLayout({ ...mine, shared: true }, 'Viewer', 'u1')).toBe(false);
    expect(canEditLayout({ ...mine, shared: true }, 'Administrator', 'u2')).toBe(true);
    expect(canEditLayout(mine, 'Manager', 'u2')).toBe(false);
  });

  it('lists stages by name regardless of case', () => {
    const names = sortLayouts([{ name: 'b' }, { name: 'A' }, { name: 'c' }] as never).map((layout) => layout.name);
    expect(names).toEqual(['A', 'b', 'c']);
  });
});
