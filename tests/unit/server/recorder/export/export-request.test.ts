import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../server/common/api-error';
import { checkExportRange, checkStreamId, parseExportFormat } from '../../../../../server/recorder/export/export-request';
import { contentDisposition, exportFileName, sanitizeFileNamePart } from '../../../../../server/recorder/export/export-file-name';
import { MESSAGES } from '../../../../../server/shared/validation';

const now = 1_700_000_000_000;
const ok = { streamId: 'a1b2-c3_d4', start: String(now - 60_000), stop: String(now - 30_000) };

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('export range checks (spec 5, 8, 9)', () => {
  it('accepts a plain range and defaults to mkv', () => {
    expect(checkExportRange(ok, 24, now)).toEqual({ streamId: 'a1b2-c3_d4', startMs: now - 60_000, stopMs: now - 30_000, format: 'mkv' });
    expect(checkExportRange({ ...ok, format: 'MOV' }, 24, now).format).toBe('mov');
  });

  it('refuses a range shorter than 10 s with the spec wording, accepts exactly 10 s', () => {
    const short = refusal(() => checkExportRange({ ...ok, stop: String(now - 60_000 + 9_999) }, 24, now));
    expect(short.status).toBe(400);
    expect(short.reason).toBe(MESSAGES.exportRangeTooShort);
    expect(checkExportRange({ ...ok, stop: String(now - 50_000) }, 24, now).stopMs - (now - 60_000)).toBe(10_000);
  });

  it('refuses a range longer than maxExportHours', () => {
    const start = now - 3 * 3_600_000;
    const long = refusal(() => checkExportRange({ ...ok, start: String(start), stop: String(start + 2 * 3_600_000 + 1) }, 2, now));
    expect(long.code).toBe('export-range-too-long');
    expect(checkExportRange({ ...ok, start: String(start), stop: String(start + 2 * 3_600_000) }, 2, now)).toBeTruthy();
  });

  it('refuses reversed and empty ranges', () => {
    expect(refusal(() => checkExportRange({ ...ok, start: ok.stop, stop: ok.start }, 24, now)).code).toBe('invalid-range');
    expect(refusal(() => checkExportRange({ ...ok, stop: ok.start }, 24, now)).code).toBe('invalid-range');
  });

  it('refuses a range in the future and clamps a stop within clock skew to now', () => {
    expect(refusal(() => checkExportRange({ ...ok, start: String(now + 1000), stop: String(now + 20_000) }, 24, now)).code).toBe('invalid-range');
    expect(refusal(() => checkExportRange({ ...ok, stop: String(now + 60_000) }, 24, now)).code).toBe('invalid-range');
    expect(checkExportRange({ ...ok, stop: String(now + 3000) }, 24, now).stopMs).toBe(now);
  });

  it('refuses non-numeric, signed, fractional, exponent and missing times', () => {
    for (const bad of ['abc', '-5', '1.5e12', '1e12', '', ' 1700000000000', '0x10', '99999999999999999']) {
      expect(refusal(() => checkExportRange({ ...ok, start: bad }, 24, now)).status).toBe(400);
    }
    expect(refusal(() => checkExportRange({ ...ok, stop: undefined }, 24, now)).code).toBe('invalid-time');
  });

  it('refuses path-like and odd stream ids', () => {
    for (const id of ['../etc/passwd', '..', 'a/b', 'a\\b', '%2e%2e', '', 'x'.repeat(65), 'a b', 'a\nb']) {
      expect(refusal(() => checkStreamId(id)).code).toBe('invalid-stream-id');
    }
    expect(checkStreamId('0f8e2d1c-3b4a-4c5d-8e9f-0a1b2c3d4e5f')).toBeTruthy();
  });

  it('refuses unknown formats (html dewarp export is the client’s)', () => {
    expect(refusal(() => parseExportFormat('html')).code).toBe('invalid-format');
    expect(refusal(() => parseExportFormat('mp4;rm -rf')).code).toBe('invalid-format');
  });
});

describe('export file names', () => {
  it('names the camera, the stream and both UTC times', () => {
    const name = exportFileName({ cameraName: 'Lobby Camera', streamName: 'Main' }, Date.UTC(2024, 4, 1, 10), Date.UTC(2024, 4, 1, 10, 5), 'mkv');
    expect(name).toBe('Lobby_Camera-Main-2024-05-01T10-00-00Z-2024-05-01T10-05-00Z.mkv');
  });

  it('sanitises names: no slashes, quotes, control characters or dots at the ends', () => {
    expect(sanitizeFileNamePart('../../etc/"passwd"\r\n', 'x')).toBe('etc_passwd');
    expect(sanitizeFileNamePart('Café Ünter', 'x')).toBe('Cafe_Unter');
    expect(sanitizeFileNamePart('///', 'camera')).toBe('camera');
    const header = contentDisposition('a"b\\c.mkv');
    expect(header).toBe(`attachment; filename="a_b_c.mkv"; filename*=UTF-8''a%22b%5Cc.mkv`);
  });
});
