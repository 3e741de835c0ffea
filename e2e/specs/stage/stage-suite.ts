/**
 * The set-up every stage spec file shares: the two recording cameras of the
 * worker's stage rig (the `stageRig` fixture: registered once for all stage
 * files, removed when the worker ends), and each test signed in as admin and
 * on the stage, with reduced motion so the grid's animations do not race the
 * assertions.
 */
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera } from '../../../server/shared/api';
import { signInAsAdminBeforeEach, test } from '../../fixtures/test';
import type { StageCameras } from './stage-cameras';

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

  test.beforeAll(({ stageRig }) => {
    rig = stageRig;
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
