/**
 * Helpers of the stage dewarp specs: turning a stage camera's dewarp
 * settings on and off through the API (the stage cameras are shared by the
 * stage spec files, so each test turns them off again), and restoring a
 * stage from this browser's storage: the matrix saved under
 * 'stage-matrix:<user id>' (IndexedDB through idb-keyval) is replaced, as a
 * stage the user left earlier, and the page reloaded.
 */
import type { Page } from '@playwright/test';
import type { Camera, StageMatrix } from '../../../server/shared/api';
import { AdminApi } from '../../recorder-api';

export async function setDewarp(camera: Camera, enable: boolean): Promise<void> {
  const api = await AdminApi.signIn();
  await api.call<Camera>('PATCH', `/service/cameras/${camera.id}/streams/${camera.primaryStream!.id}`, {
    dewarpConfiguration: { enable, defaultMode: 'perspective', orientation: 'ceiling' },
  });
}

/** A matrix of `columns` wide rows holding `camera` `count` times in Perspective (mode 1), low bandwidth when asked. */
export function matrixOf(camera: Camera, count: number, columns: number, forceLbm: boolean): StageMatrix {
  const rows = Math.ceil(count / columns);
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => {
      const index = row * columns + column;
      return {
        camera: index < count ? { id: camera.id, orchidId: camera.orchidId } : null,
        columnSpan: 1,
        rowSpan: 1,
        forceLbm,
        dewarpMode: 1 as const,
      };
    }),
  );
}

/** Replaces the stage saved in this browser (there must be one: put a camera on the stage first) and reloads. */
export async function restoreStage(page: Page, matrix: StageMatrix): Promise<void> {
  const replaced = await page.evaluate(
    (value) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readwrite').objectStore('keyval');
          let count = 0;
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const entry = cursor.result;
            if (!entry) {
              open.result.close();
              resolve(count);
              return;
            }
            if (typeof entry.key === 'string' && entry.key.startsWith('stage-matrix:')) {
              entry.update(value);
              count++;
            }
            entry.continue();
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
    matrix,
  );
  if (replaced === 0) throw new Error('no stage saved in this browser to replace');
  await page.reload();
}
