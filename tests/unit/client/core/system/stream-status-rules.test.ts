import { describe, expect, it } from 'vitest';
import {
  LAST_ARCHIVE_ISSUE_MS,
  dueChecks,
  humanizeLastArchive,
  lastArchiveIssue,
  mergeLiveStatuses,
  nextCheckAt,
} from '../../../../../src/core/system/stream-status-rules';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('nextCheckAt', () => {
  it('reads a running stream again 60 s after the last read', () => {
    expect(nextCheckAt(NOW, 'running')).toBe(NOW + 60_000);
  });

  it('reads any other state again after 2 s, so a restart is followed until it runs', () => {
    for (const state of ['restarting', 'starting', 'stopping', 'idle', 'unknown', 'unable to retrieve'] as const) {
      expect(nextCheckAt(NOW, state)).toBe(NOW + 2_000);
    }
  });
});

describe('dueChecks', () => {
  it('answers the streams whose check time has come, and only those', () => {
    const schedule = new Map([
      ['a', NOW - 1],
      ['b', NOW],
      ['c', NOW + 1],
    ]);
    expect(dueChecks(schedule, NOW)).toEqual(['a', 'b']);
    expect(dueChecks(schedule, NOW - 10)).toEqual([]);
  });
});

describe('lastArchiveIssue', () => {
  it('is no issue at exactly 120 s and an issue just after', () => {
    expect(lastArchiveIssue(NOW - LAST_ARCHIVE_ISSUE_MS, NOW, true)).toBe(false);
    expect(lastArchiveIssue(NOW - LAST_ARCHIVE_ISSUE_MS - 1, NOW, true)).toBe(true);
  });

  it('is no issue for a recent archive', () => {
    expect(lastArchiveIssue(NOW - 12_000, NOW, true)).toBe(false);
  });

  it('is an issue for a recording stream that never wrote an archive', () => {
    expect(lastArchiveIssue(null, NOW, true)).toBe(true);
  });

  it('is never an issue for a stream that records nothing (proxy only)', () => {
    expect(lastArchiveIssue(null, NOW, false)).toBe(false);
    expect(lastArchiveIssue(NOW - 3_600_000, NOW, false)).toBe(false);
  });
});

describe('humanizeLastArchive', () => {
  it('says how long ago the archive was written', () => {
    expect(humanizeLastArchive(NOW - 12_000, NOW)).toBe('12 seconds ago');
    expect(humanizeLastArchive(NOW - 3 * 60_000, NOW)).toBe('3 minutes ago');
    expect(humanizeLastArchive(NOW - 2 * 3_600_000, NOW)).toBe('2 hours ago');
  });

  it('reads an archive stamped a little ahead of the local clock as just written', () => {
    expect(humanizeLastArchive(NOW + 1_500, NOW)).toBe('0 seconds ago');
  });

  it('answers null when no archive was written', () => {
    expect(humanizeLastArchive(null, NOW)).toBeNull();
  });
});

describe('mergeLiveStatuses', () => {
  const status = (id: string, streamState: 'running' | 'restarting') => ({ id, streamState });

  it('schedules a stream seen for the first time on its state, drops one that left, and keeps the others due times', () => {
    const schedule = new Map([
      ['kept', 70_000],
      ['gone', 5_000],
    ]);
    const shown = mergeLiveStatuses([status('kept', 'running'), status('new-running', 'running'), status('new-restarting', 'restarting')], schedule, 10_000);
    expect(shown.map((s) => s.id)).toEqual(['kept', 'new-running', 'new-restarting']);
    expect(schedule.get('kept')).toBe(70_000);
    expect(schedule.has('gone')).toBe(false);
    expect(schedule.get('new-running')).toBe(70_000);
    expect(schedule.get('new-restarting')).toBe(12_000);
  });
});
