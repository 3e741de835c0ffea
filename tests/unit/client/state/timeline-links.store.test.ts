import { describe, expect, it, vi } from 'vitest';
import { createTimelineLinks, readUnlinkedKeys } from '../../../../src/state/timeline-links.store';

function memoryStorage() {
  const data = new Map<string, unknown>();
  return { data, get: async (key: string) => data.get(key), set: async (key: string, value: unknown) => void data.set(key, value) };
}

const immediate = { setTimeout: (callback: () => void) => (callback(), 0), clearTimeout: () => undefined };

describe('timeline links kept across page loads', () => {
  it('reads only string keys; anything else is none', () => {
    expect(readUnlinkedKeys({ unlinked: ['o/a', 3, '', 'o/a', 'o/b'] })).toEqual(['o/a', 'o/b']);
    expect(readUnlinkedKeys('junk')).toEqual([]);
    expect(readUnlinkedKeys(undefined)).toEqual([]);
  });

  it('saves the user\'s toggles per user and unlinks them again on the next load', async () => {
    const storage = memoryStorage();
    const first = { link: vi.fn(), unlink: vi.fn() };
    const links = createTimelineLinks(first, { storage, timers: immediate });
    await links.load('u1');
    links.setLinked('o/a', false);
    links.setLinked('o/b', false);
    links.setLinked('o/b', true);
    expect(storage.data.get('timeline-links:u1')).toEqual({ unlinked: ['o/a'] });

    // A new page load: a fresh store reads what was saved.
    const second = { link: vi.fn(), unlink: vi.fn() };
    await createTimelineLinks(second, { storage, timers: immediate }).load('u1');
    expect(second.unlink).toHaveBeenCalledExactlyOnceWith('o/a');
    const other = { link: vi.fn(), unlink: vi.fn() };
    await createTimelineLinks(other, { storage, timers: immediate }).load('u2');
    expect(other.unlink).not.toHaveBeenCalled();
  });
});
