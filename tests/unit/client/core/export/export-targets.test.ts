import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../../../server/shared/api';
import { ROLES } from '../../../../../server/shared/roles';
import { exportButtonShown, exportChoices, exportTargets, pairDisabled } from '../../../../../src/core/export/export-targets';
import { camera } from '../../../helpers/bag-cameras';

const desktop = { mobileSafari: false, webGl2: true };

function withoutExport(entry: Camera): Camera {
  return { ...entry, permissions: { actions: { ...entry.permissions.actions, export: false } } };
}

describe('the export button per role (spec 6)', () => {
  it('is hidden for a Viewer and a Live Viewer, shown for a Manager and an Administrator', () => {
    expect(Object.fromEntries(ROLES.map((role) => [role, exportButtonShown(role)]))).toEqual({
      'Live Viewer': false,
      Viewer: false,
      Manager: true,
      Administrator: true,
    });
    expect(exportButtonShown(undefined)).toBe(false);
  });
});

describe('the formats of a camera (spec 2)', () => {
  it('offers mkv and mov; hides mov on mobile Safari', () => {
    expect(exportChoices(camera('c1', 'A'), desktop)).toEqual(['mkv', 'mov']);
    expect(exportChoices(camera('c1', 'A'), { ...desktop, mobileSafari: true })).toEqual(['mkv']);
  });

  it('offers html dewarp only for a dewarp camera in a browser with WebGL2', () => {
    expect(exportChoices(camera('c1', 'A', { dewarp: true }), desktop)).toEqual(['mkv', 'mov', 'html-dewarp']);
    expect(exportChoices(camera('c1', 'A', { dewarp: true }), { ...desktop, webGl2: false })).toEqual(['mkv', 'mov']);
    expect(exportChoices(camera('c1', 'A', { dewarp: false }), desktop)).toEqual(['mkv', 'mov']);
  });
});

describe('the rows of the export dialog', () => {
  const cameras = [camera('c1', 'Gate'), camera('c2', 'Yard'), withoutExport(camera('c3', 'Office'))];

  it('lists each linked camera once, in stage order, with its primary stream', () => {
    const rows = exportTargets(
      [
        { cameraId: 'c2', linked: true },
        { cameraId: 'c1', linked: true },
        { cameraId: 'c2', linked: true },
      ],
      cameras,
      desktop,
    );
    expect(rows.map((row) => [row.cameraName, row.streamId])).toEqual([
      ['Yard', 'c2-s'],
      ['Gate', 'c1-s'],
    ]);
  });

  it('leaves out unlinked tiles, cameras without the export permission and unknown cameras', () => {
    const rows = exportTargets(
      [
        { cameraId: 'c1', linked: false },
        { cameraId: 'c3', linked: true },
        { cameraId: 'gone', linked: true },
        { cameraId: 'c2', linked: true },
      ],
      cameras,
      desktop,
    );
    expect(rows.map((row) => row.cameraId)).toEqual(['c2']);
  });

  it('carries the stream dewarp settings the html dewarp page draws with', () => {
    const [row] = exportTargets([{ cameraId: 'f1', linked: true }], [camera('f1', 'Lobby', { dewarp: true })], desktop);
    expect(row).toMatchObject({ choices: ['mkv', 'mov', 'html-dewarp'], dewarp: { enable: true } });
  });

  it('is empty when no linked camera may be exported (the dialog says so)', () => {
    expect(exportTargets([{ cameraId: 'c3', linked: true }], cameras, desktop)).toEqual([]);
    expect(exportTargets([], cameras, desktop)).toEqual([]);
  });

  it("disables a pair's button while the range is invalid, while it is prepared, and after it failed", () => {
    expect(pairDisabled(false, undefined)).toBe(false);
    expect(pairDisabled(true, undefined)).toBe(true);
    expect(pairDisabled(false, { status: 'preparing' })).toBe(true);
    expect(pairDisabled(false, { status: 'failed' })).toBe(true);
  });
});
