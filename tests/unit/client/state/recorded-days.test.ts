import { describe, expect, it } from 'vitest';
import type { ArchivesPerDayResponse } from '../../../../server/shared/api';
import { RECORDED_DAYS_BACK } from '../../../../src/core/timeline';
import { loadRecordedDays, type ServerClocks } from '../../../../src/state/recorded-days';

// Noon on the page's clock, so the page's own zone does not move the day.
const NOW = new Date(2026, 10, 20, 12).getTime();
const DAY = 86_400_000;
/** This page's zone, minutes east of UTC, as a server in the same zone reports it. */
const PAGE_ZONE = -new Date(NOW).getTimezoneOffset();

interface Call {
  server: string | undefined;
  ids: readonly string[];
  startMs: number;
  stopMs: number;
}

/** Servers that answer their per-day counts from a table, and remember what they were asked. */
function servers(answers: Record<string, ArchivesPerDayResponse | Error>) {
  const calls: Call[] = [];
  const api = {
    perDay: async (server: string | undefined, ids: readonly string[], startMs: number, stopMs: number) => {
      calls.push({ server, ids, startMs, stopMs });
      const answer = answers[server ?? ''];
      if (!answer || answer instanceof Error) throw answer ?? new Error('no such server');
      return answer;
    },
  };
  return { api, calls };
}

function clocks(offsets: Record<string, number>, zones: Record<string, number> = {}): ServerClocks {
  return { offsetMs: (server) => offsets[server ?? ''] ?? 0, zoneMinutes: (server) => zones[server ?? ''] ?? PAGE_ZONE };
}

describe('the date picker days over two servers', () => {
  it('asks each server once, over the last days as its own clock reads them', async () => {
    // A agrees with this page; B runs 120 s ahead.
    const { api, calls } = servers({ a: { archivesPerDay: { '2026-11-20': 60 }, streamsCount: 2 }, b: { archivesPerDay: { '2026-11-20': 30 }, streamsCount: 1 } });
    const streams = [
      { streamId: 's1', server: 'a' },
      { streamId: 's2', server: 'b' },
      { streamId: 's3', server: 'a' },
    ];
    const days = await loadRecordedDays(streams, NOW, clocks({ a: 0, b: 120_000 }), api);
    const from = NOW - RECORDED_DAYS_BACK * DAY;
    expect(calls.sort((x, y) => String(x.server).localeCompare(String(y.server)))).toEqual([
      { server: 'a', ids: ['s1', 's3'], startMs: from, stopMs: NOW },
      { server: 'b', ids: ['s2'], startMs: from + 120_000, stopMs: NOW + 120_000 },
    ]);
    expect(days).toEqual([{ date: '2026-11-20', minutes: 90, fullness: 90 / (3 * 1440) }]);
  });

  it('counts the video of a server whose clock is a day ahead on the page day the timeline shows it', async () => {
    // B's clock reads 21 November while this page reads the 20th: its 20th is this page's 19th.
    const { api } = servers({ a: { archivesPerDay: { '2026-11-20': 60 }, streamsCount: 1 }, b: { archivesPerDay: { '2026-11-21': 45, '2026-11-20': 30 }, streamsCount: 1 } });
    const days = await loadRecordedDays(
      [
        { streamId: 's1', server: 'a' },
        { streamId: 's2', server: 'b' },
      ],
      NOW,
      clocks({ a: 0, b: DAY }),
      api,
    );
    expect(days.map(({ date, minutes }) => ({ date, minutes }))).toEqual([
      { date: '2026-11-20', minutes: 105 },
      { date: '2026-11-19', minutes: 30 },
    ]);
  });

  it("counts the days of a server in another time zone on this page's days", async () => {
    // B is 17 hours east of this page: its 20 November runs from 19 November 07:00 to the 20th 07:00 here.
    const { api } = servers({ a: { archivesPerDay: { '2026-11-19': 10 }, streamsCount: 1 }, b: { archivesPerDay: { '2026-11-20': 20 }, streamsCount: 1 } });
    const days = await loadRecordedDays(
      [
        { streamId: 's1', server: 'a' },
        { streamId: 's2', server: 'b' },
      ],
      NOW,
      clocks({}, { b: PAGE_ZONE + 17 * 60 }),
      api,
    );
    expect(days.map(({ date, minutes }) => ({ date, minutes }))).toEqual([{ date: '2026-11-19', minutes: 30 }]);
  });

  it("still shows one server's days when the other does not answer", async () => {
    const { api } = servers({ a: { archivesPerDay: { '2026-11-18': 120 }, streamsCount: 1 }, b: new Error('gone') });
    const days = await loadRecordedDays(
      [
        { streamId: 's1', server: 'a' },
        { streamId: 's2', server: 'b' },
      ],
      NOW,
      clocks({ b: 120_000 }),
      api,
    );
    expect(days).toEqual([{ date: '2026-11-18', minutes: 120, fullness: 120 / (2 * 1440) }]);
  });
});
