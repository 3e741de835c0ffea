/**
 * Many recorders in one child process, for benches that need several
 * registered servers but not their media: recorder-host-child.ts starts
 * them in-process, each with a few cameras and no recording. One process
 * instead of one per recorder keeps eight recorders to one Node heap on a
 * 2-core machine; a child rather than the bench's own process keeps the
 * recorders' work out of the bench's latency measurements.
 *
 * Cost: one Node process, about 1 s of start-up per recorder. The child
 * goes when stop() is called, and on its own when the bench's process ends
 * (its stdin closes), so no recorder outlives a failed bench.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { HostedRecorders } from './recorder-host-child';

export interface RecorderHost {
  baseUrls: string[];
  stop: () => Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

export async function startRecorderHost(options: { count: number; camerasEach: number; adminPassword: string }): Promise<RecorderHost> {
  const script = path.join(import.meta.dirname, 'recorder-host-child.ts');
  // tsx's loader comes along through execArgv (the bench runs under tsx), as the aggregator starts its demo recorders.
  const child = spawn(process.execPath, [...process.execArgv, script, String(options.count), String(options.camerasEach), options.adminPassword], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(() => reject(new Error(`recorder host not ready in ${READY_TIMEOUT_MS / 1000} s:\n${stderr}`)), READY_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const end = stdout.indexOf('\n');
        if (end >= 0) {
          clearTimeout(timer);
          resolve(stdout.slice(0, end));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`recorder host exited (${String(code)}):\n${stderr}`));
      });
    });
    const hosted = JSON.parse(line) as HostedRecorders;
    return { baseUrls: hosted.recorders.map((recorder) => recorder.baseUrl), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
