import { describe, expect, it } from 'vitest';
import { CameraListCache, LAST_KNOWN_MS } from '../../../../../server/aggregator/proxy/camera-list-cache';

const list = (etag: string, size = 4) => ({ etag, value: Buffer.alloc(size, 'x') });

describe('CameraListCache', () => {
  it('keeps one list per recorder, address and role', () => {
    const cache = new CameraListCache();
    cache.set('a', 'http://127.0.0.1:1', 'Viewer', list('"v"'));
    cache.set('a', 'http://127.0.0.1:1', 'Administrator', list('"admin"'));
    expect(cache.get('a', 'http://127.0.0.1:1', 'Viewer')?.etag).toBe('"v"');
    expect(cache.get('a', 'http://127.0.0.1:1', 'Administrator')?.etag).toBe('"admin"');
    expect(cache.get('a', 'http://127.0.0.1:2', 'Viewer')).toBeUndefined();
    expect(cache.get('b', 'http://127.0.0.1:1', 'Viewer')).toBeUndefined();
    cache.set('a', 'http://127.0.0.1:1', 'Viewer', list('"v2"'));
    expect(cache.get('a', 'http://127.0.0.1:1', 'Viewer')?.etag).toBe('"v2"');
    expect(cache.size).toBe(2);
  });

  it("forgets every list of one recorder, and drops one on request", () => {
    const cache = new CameraListCache();
    cache.set('a', 'http://127.0.0.1:1', 'Viewer', list('"1"'));
    cache.set('a', 'http://127.0.0.1:1', 'Manager', list('"2"'));
    cache.set('ab', 'http://127.0.0.1:3', 'Viewer', list('"3"'));
    cache.forget('a');
    expect(cache.get('a', 'http://127.0.0.1:1', 'Viewer')).toBeUndefined();
    expect(cache.get('a', 'http://127.0.0.1:1', 'Manager')).toBeUndefined();
    expect(cache.get('ab', 'http://127.0.0.1:3', 'Viewer')?.etag).toBe('"3"');
    cache.drop('ab', 'http://127.0.0.1:3', 'Viewer');
    expect(cache.size).toBe(0);
    expect(cache.sizeBytes).toBe(0);
  });

  it('lets the least recently used go past its count or its bytes', () => {
    const byCount = new CameraListCache({ maxEntries: 2, maxBytes: 1_000 });
    byCount.set('a', 'u', 'Viewer', list('"a"'));
    byCount.set('b', 'u', 'Viewer', list('"b"'));
    byCount.get('a', 'u', 'Viewer');
    byCount.set('c', 'u', 'Viewer', list('"c"'));
    expect(byCount.get('b', 'u', 'Viewer')).toBeUndefined();
    expect(byCount.get('a', 'u', 'Viewer')?.etag).toBe('"a"');
    expect(byCount.get('c', 'u', 'Viewer')?.etag).toBe('"c"');

    const byBytes = new CameraListCache({ maxEntries: 100, maxBytes: 10 });
    byBytes.set('a', 'u', 'Viewer', list('"a"', 6));
    byBytes.set('b', 'u', 'Viewer', list('"b"', 6));
    expect(byBytes.get('a', 'u', 'Viewer')).toBeUndefined();
    expect(byBytes.sizeBytes).toBe(6);
    byBytes.set('c', 'u', 'Viewer', list('"c"', 11));
    expect(byBytes.get('c', 'u', 'Viewer')).toBeUndefined();
    expect(byBytes.get('b', 'u', 'Viewer')?.etag).toBe('"b"');
  });

  describe('last known list', () => {
    function clocked() {
      let now = 1_000_000;
      const cache = new CameraListCache({ now: () => now });
      return { cache, advance: (ms: number) => (now += ms) };
    }

    it('stands in only for a user the recorder accepted, while both that and the list are recent', () => {
      const { cache, advance } = clocked();
      cache.set('a', 'u', 'Viewer', list('"1"'));
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined(); // never accepted there
      cache.accept('a', 'vera');
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')?.length).toBe(4);
      expect(cache.lastKnown('a', 'u', 'Viewer', 'nora')).toBeUndefined();
      expect(cache.lastKnown('a', 'u', 'Manager', 'vera')).toBeUndefined(); // no list of that role
      expect(cache.lastKnown('b', 'u', 'Viewer', 'vera')).toBeUndefined();

      advance(LAST_KNOWN_MS + 1);
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined(); // both too old

      cache.accept('a', 'vera');
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined(); // the list is still too old
      cache.set('a', 'u', 'Viewer', list('"1"')); // a 304 confirms it
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeDefined();

      advance(LAST_KNOWN_MS / 2);
      cache.set('a', 'u', 'Viewer', list('"1"'));
      advance(LAST_KNOWN_MS / 2 + 1);
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined(); // the list is recent, vera's acceptance is not
    });

    it('stands in for no one after a refusal, and for nothing of a forgotten recorder', () => {
      const { cache } = clocked();
      cache.set('a', 'u', 'Viewer', list('"1"'));
      cache.accept('a', 'vera');
      cache.accept('a', 'nora');
      cache.unaccept('a', 'vera');
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined();
      expect(cache.lastKnown('a', 'u', 'Viewer', 'nora')).toBeDefined();
      cache.forget('a');
      cache.set('a', 'u', 'Viewer', list('"2"'));
      expect(cache.lastKnown('a', 'u', 'Viewer', 'nora')).toBeUndefined();
    });

    it('stands in for no list read before a write to its recorder, and again for one read after it', () => {
      const { cache, advance } = clocked();
      cache.accept('a', 'vera');
      cache.set('a', 'u', 'Viewer', list('"1"'));
      cache.set('b', 'u', 'Viewer', list('"1"'));
      cache.accept('b', 'vera');
      const askedBefore = cache.time();
      advance(5);
      cache.changed('a');
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined();
      expect(cache.lastKnown('b', 'u', 'Viewer', 'vera')).toBeDefined(); // another recorder's list is untouched
      // A read sent before the write and answered after it may hold the list as it was.
      advance(5);
      cache.set('a', 'u', 'Viewer', list('"1"'), askedBefore);
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined();
      // ...and one sent in the write's own millisecond, too.
      const changedAt = cache.time();
      cache.changed('a');
      cache.set('a', 'u', 'Viewer', list('"2"'), changedAt);
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeUndefined();
      advance(1);
      cache.set('a', 'u', 'Viewer', list('"2"'), cache.time());
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeDefined();
      // A forgotten recorder's write is forgotten with it.
      cache.changed('a');
      cache.forget('a');
      cache.accept('a', 'vera');
      cache.set('a', 'u', 'Viewer', list('"3"'));
      expect(cache.lastKnown('a', 'u', 'Viewer', 'vera')).toBeDefined();
    });
  });
});
