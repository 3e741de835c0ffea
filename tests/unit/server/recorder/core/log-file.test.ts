/**
 * The recorder's log file on a real temporary folder: private modes, size
 * rotation that keeps a fixed number of files (oldest removed), files listed
 * oldest first, and the export reading them in that order within a range.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { RotatingLogFile } from '../../../../../server/recorder/core/log-file';
import { openLogExport } from '../../../../../server/recorder/system/log-export';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-logfile-'));
  dirs.push(dir);
  return dir;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

it('writes 0600 files in a 0700 folder and rotates by size, keeping a fixed number of files', () => {
  const log = new RotatingLogFile(tempDir(), { maxBytes: 100, kept: 3 });
  expect(fs.statSync(log.dir).mode & 0o777).toBe(0o700);
  // Each entry is a little under 50 bytes: two fit in a file, the third rotates.
  for (let index = 0; index < 9; index++) log.writeEntry('info', `entry ${index}`, 1_000 + index);
  log.close();
  const names = log.files().map((file) => path.basename(file));
  expect(names).toEqual(['recorder.log.2', 'recorder.log.1', 'recorder.log']);
  for (const file of log.files()) expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const kept = log.files().map((file) => fs.readFileSync(file, 'utf8')).join('');
  // The oldest entries went with the file rotated out; the newest is last.
  expect(kept).not.toContain('entry 0');
  expect(kept.trim().split('\n').at(-1)).toContain('entry 8');
  expect(fs.statSync(path.join(log.dir, 'recorder.log')).size).toBeLessThanOrEqual(100);
});

it('exports the files oldest first, only lines within the range', async () => {
  const log = new RotatingLogFile(tempDir(), { maxBytes: 100, kept: 5 });
  for (let index = 0; index < 6; index++) log.writeEntry('warn', `entry ${index}`, 1_000 + index);
  log.write('a line without a time\n');
  log.close();
  const all = await text(openLogExport(log.files(), { format: 'text', from: undefined, to: undefined }).body);
  expect(all.trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(
    ['entry 0', 'entry 1', 'entry 2', 'entry 3', 'entry 4', 'entry 5'],
  );
  const some = await text(openLogExport(log.files(), { format: 'text', from: 1_002, to: 1_003 }).body);
  expect(some).toContain('entry 2');
  expect(some).toContain('entry 3');
  expect(some).not.toContain('entry 1');
  expect(some).not.toContain('entry 4');
  expect(() => openLogExport(log.files(), { format: 'text', from: 2, to: 1 })).toThrow('from cannot be > to');
});
