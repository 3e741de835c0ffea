import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAggregatorDatabase } from '../../../../../server/aggregator/core/database';
import type { SqlDatabase } from '../../../../../server/aggregator/core/db/sql-database';
import { CACHED_ORCHID_LIFETIME_MS, OrchidsStore } from '../../../../../server/aggregator/orchids/orchids-store';
import { MASTER_KEY_BYTES, SecretBox } from '../../../../../server/common/secrets/secret-box';

describe('orchids store: the lookups the proxy makes on every call', () => {
  let dataDir: string;
  let db: SqlDatabase;
  let store: OrchidsStore;
  let nowMs: number;
  const lobby = { id: 'orchid-1', name: 'Lobby', uri: 'http://127.0.0.1:8081', username: 'admin', password: 'rec-pass', pageOrigin: null };

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-orchids-store-'));
    db = await openAggregatorDatabase({ dataDir, databaseUrl: '' });
    nowMs = 1_000_000;
    store = new OrchidsStore(db, new SecretBox(randomBytes(MASTER_KEY_BYTES)), () => nowMs);
    await store.insert(lobby);
  });

  afterEach(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from memory for a short while, then reads again', async () => {
    expect((await store.findCached(lobby.id))?.uri).toBe(lobby.uri);
    // As another aggregator on the same database would change it: this process is not told.
    await db.run('UPDATE orchids SET uri = ? WHERE id = ?', ['http://127.0.0.1:9091', lobby.id]);
    expect((await store.findCached(lobby.id))?.uri).toBe(lobby.uri);
    nowMs += CACHED_ORCHID_LIFETIME_MS;
    expect((await store.findCached(lobby.id))?.uri).toBe('http://127.0.0.1:9091');
  });

  it('forgets an orchid it edits or removes, from the next lookup on', async () => {
    expect((await store.findCached(lobby.id))?.uri).toBe(lobby.uri);
    await store.update(lobby.id, { uri: 'http://127.0.0.1:8082' });
    expect((await store.findCached(lobby.id))?.uri).toBe('http://127.0.0.1:8082');
    await store.delete(lobby.id);
    expect(await store.findCached(lobby.id)).toBeUndefined();
  });

  it('keeps no miss: an orchid registered after a lookup that found none is found at once', async () => {
    expect(await store.findCached('orchid-2')).toBeUndefined();
    await db.run(
      "INSERT INTO orchids (id, name, uri, username, password_sealed, server_id, created_ms, updated_ms) VALUES ('orchid-2', 'Gate', 'http://127.0.0.1:8083', 'admin', 'v1:x', 'orchid-2', 0, 0)",
    );
    expect((await store.findCached('orchid-2'))?.name).toBe('Gate');
  });
});
