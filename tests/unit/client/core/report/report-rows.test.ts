import { describe, expect, it } from 'vitest';
import type { ServerReport } from '../../../../../server/shared/api';
import { ORCHID_EVENT_TYPES, STREAM_EVENT_TYPES } from '../../../../../server/shared/api/report';
import { eventsBetween, reportEventRows, streamStatRows, type EventWording } from '../../../../../src/core/report/report-rows';
import { t } from '../../../../../src/i18n/translate';

// The wording the screen passes: the catalogue's text of a type, else none.
const wording: EventWording = {
  what: (type) => (t.has(`report.event.${type}`) ? t.dynamic(`report.event.${type}`) : null),
  server: t('report.events.server'),
};

function stream(id: string, name: string, bytesRecorded = 0): ServerReport['cameras'][number]['streams'][number] {
  return { id, name, bytesRecorded, secondsRecorded: 10, secondsOfMotion: 2 };
}

const REPORT: ServerReport = {
  cameras: [
    { id: 'c2', name: 'Yard', streams: [stream('s3', 'Stream 10'), stream('s4', 'Stream 2')] },
    { id: 'c1', name: 'Door', streams: [stream('s1', 'Main', 5_000_000)] },
  ],
  orchidEvents: [
    { type: 'server-started', message: 'The recorder started.', when: 1_000 },
    { type: 'sign-in', message: 'admin signed in.', when: 3_000 },
  ],
  streamEvents: [
    { type: 'stream-down', message: 'Stream s1 went down.', streamId: 's1', when: 2_000 },
    { type: 'stream-up', message: 'Stream s9 came up.', streamId: 's9', when: 3_000 },
  ],
};

describe('report event rows', () => {
  it('lists server and stream events oldest first, the server first at the same instant', () => {
    const rows = reportEventRows(REPORT, wording);
    expect(rows.map((row) => [row.source, row.type, row.when])).toEqual([
      ['orchid', 'server-started', 1_000],
      ['stream', 'stream-down', 2_000],
      ['orchid', 'sign-in', 3_000],
      ['stream', 'stream-up', 3_000],
    ]);
  });

  it("says what happened in the catalogue's words and where: Server, camera / stream, or the stream id when unknown", () => {
    const rows = reportEventRows(REPORT, wording);
    expect(rows.map((row) => [row.what, row.descriptiveWhere])).toEqual([
      ['Server started', 'Server'],
      ['Stream disconnected', 'Door / Main'],
      ['User signed in', 'Server'],
      ['Stream connected', 's9'],
    ]);
  });

  it("falls back to the server's message for a type without wording", () => {
    const report: ServerReport = {
      cameras: [],
      orchidEvents: [{ type: 'cleaner-run', message: 'Cleaner removed 3 files.', when: 5 }],
      streamEvents: [],
    };
    const rows = reportEventRows(report, { what: () => null, server: 'Server' });
    expect(rows[0]?.what).toBe('Cleaner removed 3 files.');
  });

  it('has catalogue wording for every event type of the contract', () => {
    for (const type of [...ORCHID_EVENT_TYPES, ...STREAM_EVENT_TYPES]) expect(wording.what(type), type).toBeTruthy();
  });

  it('keeps the events of a span, start included and stop excluded', () => {
    const rows = reportEventRows(REPORT, wording);
    expect(eventsBetween(rows, 2_000, 3_000).map((row) => row.when)).toEqual([2_000]);
    expect(eventsBetween(rows, 1_001, 3_001).map((row) => row.when)).toEqual([2_000, 3_000, 3_000]);
  });
});

describe('stream statistics rows', () => {
  it('gives one row per stream with its figures, by camera then stream name (numbers as numbers)', () => {
    expect(streamStatRows(REPORT)).toEqual([
      { streamId: 's1', cameraName: 'Door', name: 'Main', bytesRecorded: 5_000_000, secondsRecorded: 10, secondsOfMotion: 2 },
      { streamId: 's4', cameraName: 'Yard', name: 'Stream 2', bytesRecorded: 0, secondsRecorded: 10, secondsOfMotion: 2 },
      { streamId: 's3', cameraName: 'Yard', name: 'Stream 10', bytesRecorded: 0, secondsRecorded: 10, secondsOfMotion: 2 },
    ]);
  });

  it('is empty for a report without cameras', () => {
    expect(streamStatRows({ cameras: [], orchidEvents: [], streamEvents: [] })).toEqual([]);
  });
});
