/**
 * The child process of recorder-host.ts: starts `count` in-process recorders
 * (the same createServices and buildApp as `npm start`), each on its own
 * temporary folder with `cameras` cameras written into its database before
 * it starts (proxy-only streams to an address nobody answers, so there is
 * no media work), prints one JSON line with their addresses, and closes them
 * and removes the folders on SIGTERM, SIGINT or when its stdin ends (the
 * bench that started it is gone, however it ended).
 *
 * Usage: tsx bench/lib/recorder-host-child.ts <count> <cameras> <admin password>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessRecorder, type InProcessRecorder } from '../../tests/integration/helpers/in-process-recorder';
import { seedCamera } from '../../tests/integration/helpers/seed-recording';

export interface HostedRecorders {
  recorders: Array<{ baseUrl: string }>;
}

const [count, cameras] = [Number(process.argv[2]), Number(process.argv[3])];
const password = process.argv[4] ?? 'secret';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-recorder-host-'));
const started: InProcessRecorder[] = [];
let closing: Promise<void> | undefined;

function close(code: number): Promise<void> {
  closing ??= (async () => {
    await Promise.allSettled(started.map((recorder) => recorder.close()));
    fs.rmSync(root, { recursive: true, force: true });
    process.exit(code);
  })();
  return closing;
}

process.on('SIGTERM', () => void close(0));
process.on('SIGINT', () => void close(0));
process.stdin.on('end', () => void close(0));
process.stdin.resume();

try {
  for (let i = 0; i < count; i++) {
    const dataDir = path.join(root, String(i + 1));
    fs.mkdirSync(dataDir);
    for (let c = 0; c < cameras; c++) {
      seedCamera({
        dataDir,
        cameraName: `Recorder ${i + 1} camera ${c + 1}`,
        rtspUrl: 'rtsp://127.0.0.1:1/none',
        onvifUrl: 'http://127.0.0.1:1/onvif/device_service',
        username: '',
        password: '',
      });
    }
    // One after another: their start-ups would only compete for the same two cores.
    started.push(await startInProcessRecorder(password, { dataDir }));
  }
  const answer: HostedRecorders = { recorders: started.map((recorder) => ({ baseUrl: recorder.baseUrl })) };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
} catch (error) {
  process.stderr.write(`recorder host: ${(error as Error).stack ?? String(error)}\n`);
  await close(1);
}
