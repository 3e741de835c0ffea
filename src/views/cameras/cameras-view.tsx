/**
 * The camera configuration route (spec 2): administrators only, single-server
 * mode (the route guard, src/app/guards.ts). The screen and its dialogs are
 * loaded when the route opens, not with the app: most sessions never open it.
 */
import { lazyScreen } from '../../app/lazy-screen';

export const CamerasView = lazyScreen(() => import('./cameras-screen'), 'CamerasScreen');
