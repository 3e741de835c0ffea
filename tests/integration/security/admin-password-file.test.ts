/**
 * The admin password stays out of `ps`: a recorder started with
 * --admin-password-file (and the test helper, which passes the password
 * through the environment) signs the admin in with that password while no
 * process of its group carries the password on its command line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, startRecorder, type RecorderProcess } from '../helpers/recorder-process';

const started: RecorderProcess[] = [];
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-admin-file-'));

afterAll(async () => {
  for (const recorder of started) await recorder.stop();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** Command lines (as `ps` shows them) of every process in the recorder's process group. */
function groupCommandLines(groupId: number): string[] {
  const lines: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, pgrp, ...
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp === groupId) lines.push(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // the process ended while we looked
    }
  }
  return lines;
}

describe('admin password outside the command line', () => {
  it('signs the admin in with the password read from --admin-password-file', async () => {
    const file = path.join(tempDir, 'admin-password');
    fs.writeFileSync(file, 'from-a-file-4821\n', { mode: 0o600 });
    const recorder = await startRecorder({ adminPassword: null, extraArgs: ['--admin-password-file', file] });
    started.push(recorder);
    expect(await signIn(recorder.baseUrl, 'admin', 'from-a-file-4821')).toBeTruthy();
    const lines = groupCommandLines(recorder.pid);
    expect(lines.some((line) => line.includes('server/recorder/main.ts'))).toBe(true);
    expect(lines.filter((line) => line.includes('from-a-file-4821'))).toEqual([]);
  });

  it('gets the password from the test helper through the environment, not argv', async () => {
    const recorder = await startRecorder({ adminPassword: 'through-env-7305' });
    started.push(recorder);
    expect(await signIn(recorder.baseUrl, 'admin', 'through-env-7305')).toBeTruthy();
    const lines = groupCommandLines(recorder.pid);
    expect(lines.some((line) => line.includes('server/recorder/main.ts'))).toBe(true);
    expect(lines.filter((line) => line.includes('through-env-7305'))).toEqual([]);
  });
});
