/**
 * `--demo-cameras N`: simulated cameras inside the recorder process so a
 * fresh install has something to show. On the first start the simulator is
 * started with N cameras on free loopback ports and each camera is
 * registered by ONVIF, exactly as a person would; the ports and the fact that
 * it was done are kept in settings. Later starts bring the simulator back on
 * the same ports (with the same count), so the registered cameras keep
 * working; N = 0 leaves it off (the cameras then show as not running).
 *
 * Cost: the simulator's encoders (one shared scene encode plus one encoder
 * per camera whose view differs; see camera-sim/camera-sim.ts).
 * Limits: if the stored ports are taken by something else at a later start,
 * the demo cameras stay offline and a warning is printed.
 */
import { startCameraSim, type CameraSim } from '../../camera-sim/camera-sim';
import type { CamerasService } from '../cameras';
import type { SettingsStore } from '../core/settings';
import type { MediaLog } from '../core/media-log';

export const DEMO_SETTING = 'demo-cameras';
const PORTS_PER_CAMERA = 10;
const PORT_RANGE = { low: 20_000, high: 60_000 };
const START_TRIES = 8;

interface DemoState {
  count: number;
  basePort: number;
  registered: boolean;
}

export interface DemoCamerasOptions {
  count: number;
  settings: SettingsStore;
  cameras: CamerasService;
  log: MediaLog;
  random?: () => number;
}

function readState(settings: SettingsStore): DemoState | undefined {
  const raw = settings.get(DEMO_SETTING);
  if (!raw) return undefined;
  try {
    const state = JSON.parse(raw) as DemoState;
    return Number.isInteger(state.count) && Number.isInteger(state.basePort) ? state : undefined;
  } catch {
    return undefined;
  }
}

async function startOnFreePorts(count: number, random: () => number): Promise<{ sim: CameraSim; basePort: number }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < START_TRIES; attempt++) {
    const span = PORT_RANGE.high - PORT_RANGE.low - count * PORTS_PER_CAMERA;
    const basePort = PORT_RANGE.low + Math.floor(random() * (span / PORTS_PER_CAMERA)) * PORTS_PER_CAMERA;
    try {
      return { sim: await startCameraSim({ count, basePort }), basePort };
    } catch (error) {
      // Most likely a port of the block is taken: try another block.
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('no free ports for the demo cameras');
}

export interface DemoCameras {
  sim: CameraSim;
  /** Registers the cameras when this is the first start (or an earlier one stopped before it finished). */
  registerIfNew(): Promise<void>;
}

/**
 * Starts (or restarts) the demo cameras' simulator; undefined when off. The
 * recorder starts it before any ingest, so that on a restart the first
 * ffmpeg of each demo stream finds its camera listening instead of failing
 * and waiting out a backoff; registration (first start only) comes after.
 */
export async function startDemoCameras(options: DemoCamerasOptions): Promise<DemoCameras | undefined> {
  const { settings, log } = options;
  const state = readState(settings);
  if (options.count === 0) return undefined;
  if (state) {
    try {
      const sim = await startCameraSim({ count: state.count, basePort: state.basePort });
      return { sim, registerIfNew: async () => (state.registered ? undefined : register(sim, { ...state }, options)) };
    } catch (error) {
      log.warn(`demo cameras could not start on ports ${state.basePort}..: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
  const { sim, basePort } = await startOnFreePorts(options.count, options.random ?? Math.random);
  const fresh: DemoState = { count: options.count, basePort, registered: false };
  settings.set(DEMO_SETTING, JSON.stringify(fresh));
  return { sim, registerIfNew: () => register(sim, fresh, options) };
}

async function register(sim: CameraSim, state: DemoState, options: DemoCamerasOptions): Promise<void> {
  const viewer = { role: 'Administrator' as const, host: '127.0.0.1' };
  for (const [index, camera] of sim.cameras.entries()) {
    try {
      await options.cameras.register(
        {
          driver: 'ONVIF',
          connection: { uri: camera.onvifUrl, username: camera.username, password: camera.password },
          name: `Demo camera ${index + 1}`,
        },
        viewer,
      );
    } catch (error) {
      // Already registered (a restart after a partial first run) or a camera that failed to answer: keep going.
      options.log.warn(`demo camera ${index + 1} was not registered: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  options.settings.set(DEMO_SETTING, JSON.stringify({ ...state, registered: true }));
}
