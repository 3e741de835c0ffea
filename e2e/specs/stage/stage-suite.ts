/**
 * The set-up every stage spec file shares: two recording cameras for the
 * file (registered once through the API, removed at the end), and each test
 * signed in as admin and on the stage, with reduced motion so the grid's
 * animations do not race the assertions.
 */
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera } from '../../../server/shared/api';
import { signInAsAdminBeforeEach, test } from '../../fixtures/test';
import { adminPassword, recorderBaseUrl } from '../../recorder-env';
import { registerStageCameras, type StageCameras } from './stage-cameras';

export interface StageSuite {
  readonly cameras: Camera[];
  /** Names of the two cameras, in name order. */
  readonly first: string;
  readonly second: string;
  /** The simulator behind the cameras (its moving object can be switched on and off). */
  readonly sim: CameraSim;
}

export function stageSuite(): StageSuite {
  let rig: StageCameras | undefined;
  const camera = (index: number) => {
    const found = rig?.cameras[index];
    if (!found) throw new Error('the stage cameras are not registered');
    return found;
  };

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    rig = await registerStageCameras(recorderBaseUrl(), adminPassword());
  });

  test.afterAll(async () => {
    await rig?.stop();
  });

  signInAsAdminBeforeEach();

  return {
    get cameras() {
      return rig?.cameras ?? [];
    },
    get first() {
      return camera(0).name;
    },
    get second() {
      return camera(1).name;
    },
    get sim() {
      if (!rig) throw new Error('the stage cameras are not registered');
      return rig.sim;
    },
  };
}
