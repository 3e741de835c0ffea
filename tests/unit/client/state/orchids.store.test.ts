/** Checking one server again (src/state/orchids.store.ts checkOrchid). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Orchid } from '../../../../server/shared/api';
import { orchidsApi } from '../../../../src/api/orchids-api';
import { checkOrchid, orchidsState } from '../../../../src/state/orchids.store';

function orchid(id: string, isAvailable: boolean): Orchid {
  return {
    id,
    name: id,
    uri: `http://${id}.example`,
    baseUrl: `http://${id}.example`,
    pageOrigin: null,
    version: null,
    isAvailable,
    failureReason: isAvailable ? null : 'connect ECONNREFUSED',
    health: isAvailable ? 'healthy' : 'offline',
    isCompatibleVersion: true,
    cameras: 0,
    camerasOnline: 0,
    licenseExpiry: null,
    retentionPolicy: null,
    rtspPort: null,
    rtspProtocol: null,
    maxExportHours: null,
    discoverableOrchid: null,
    checkedAt: null,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('checkOrchid', () => {
  it('keeps what the check found in the list and answers it', async () => {
    orchidsState.orchids = [orchid('east', true), orchid('west', true)];
    vi.spyOn(orchidsApi, 'refresh').mockResolvedValue(orchid('west', false));
    const found = await checkOrchid('west');
    expect(found?.isAvailable).toBe(false);
    expect(orchidsState.orchids.map((known) => [known.id, known.isAvailable])).toEqual([
      ['east', true],
      ['west', false],
    ]);
  });

  it('answers null and keeps the list when the check got no answer', async () => {
    orchidsState.orchids = [orchid('west', true)];
    vi.spyOn(orchidsApi, 'refresh').mockRejectedValue(new Error('Failed to fetch'));
    expect(await checkOrchid('west')).toBeNull();
    expect(orchidsState.orchids[0]?.isAvailable).toBe(true);
  });
});
