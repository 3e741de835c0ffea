/**
 * CLI of the camera simulator:
 *   npm run camera-sim -- --count 4 --base-port 20000 [--host 127.0.0.1]
 *     [--username admin] [--password camera-pass] [--max-presets 10] [--no-motion] [--no-audio]
 * Prints each camera's ONVIF, RTSP, snapshot and discovery addresses and runs
 * until SIGINT/SIGTERM, then stops every encoder before exiting.
 */
import { parseArgs } from 'node:util';
import { startCameraSim } from './camera-sim';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '4' },
    'base-port': { type: 'string', default: '20000' },
    host: { type: 'string', default: '127.0.0.1' },
    username: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'camera-pass' },
    'max-presets': { type: 'string', default: '10' },
    'no-motion': { type: 'boolean', default: false },
    'no-audio': { type: 'boolean', default: false },
  },
  strict: true,
});

const integer = (name: string, text: string | undefined): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive integer`);
    process.exit(2);
  }
  return value;
};

const sim = await startCameraSim({
  count: integer('count', values.count),
  basePort: integer('base-port', values['base-port']),
  host: values.host,
  username: values.username,
  password: values.password,
  maxPresets: integer('max-presets', values['max-presets']),
  motion: !values['no-motion'],
  audio: !values['no-audio'],
});

for (const camera of sim.cameras) {
  console.log(
    `${camera.name}  onvif ${camera.onvifUrl}  rtsp ${camera.rtspUrls.main} | ${camera.rtspUrls.sub}  ` +
      `snapshot ${camera.snapshotUrl}  discovery udp/${camera.discoveryPort}`,
  );
}
console.log(`credentials ${values.username} / ${values.password}; Ctrl-C to stop`);

let stopping = false;
const shutdown = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping cameras`);
  sim.stop().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
