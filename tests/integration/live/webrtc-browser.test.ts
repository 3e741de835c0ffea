/**
 * WebRTC in a real browser: headless Chromium receives the recorder's H.264
 * live and from the recording, decodes it (framesDecoded rises) and shows
 * the right moment (the time strip of displayed pictures: live is recent,
 * the recording shows the requested time and runs on from it).
 *
 * Chromium offers no loopback ICE candidate on a normal host, so the check
 * runs in a fresh network namespace with only `lo` (needs root and
 * `unshare`, as in CI here); see helpers/browser-probe.ts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserCheckResult } from './helpers/webrtc-browser-check';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

function runInNetworkNamespace(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec npx tsx tests/integration/live/helpers/webrtc-browser-check.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('WebRTC in Chromium', () => {
  it('decodes live video and recorded video from the requested time', { timeout: 300_000 }, async () => {
    const { code, output } = await runInNetworkNamespace();
    expect(code, output).toBe(0);
    const line = output.split('\n').find((l) => l.startsWith('RESULT '));
    expect(line, output).toBeDefined();
    const result = JSON.parse(line!.slice('RESULT '.length)) as BrowserCheckResult;

    const { live, archive } = result;
    expect(live.signallingErrors).toEqual([]);
    expect(live.framesDecoded[0]).toBeGreaterThan(0);
    expect(live.framesDecoded[1]).toBeGreaterThan(live.framesDecoded[0]!);
    expect(live.shownMs.length).toBeGreaterThan(0);
    for (const shown of live.shownMs) expect(shown).toBeGreaterThan(live.checkedAtMs - 15_000);

    expect(archive.signallingErrors).toEqual([]);
    expect(archive.framesDecoded[1]).toBeGreaterThan(archive.framesDecoded[0]!);
    expect(archive.shownMs.length).toBeGreaterThan(0);
    // Recorded pictures start at the keyframe before the requested time and play on at speed 1.
    expect(Math.min(...archive.shownMs)).toBeGreaterThanOrEqual(archive.requestedMs - 1500);
    expect(Math.max(...archive.shownMs)).toBeLessThan(archive.requestedMs + 20_000);
  });
});
