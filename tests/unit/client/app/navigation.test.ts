import { describe, expect, it } from 'vitest';
import type { ServerMode } from '../../../../server/shared/api';
import type { Role } from '../../../../server/shared/roles';
import { pluginNavEntry, visibleNavEntries } from '../../../../src/app/navigation';

const states = (role: Role | undefined, mode: ServerMode) =>
  visibleNavEntries({ role, mode, menuShown: true }).map((entry) => entry.state.replace('singularity.', ''));

describe('navigation visibility (spec 2 "Navigation entries")', () => {
  it('Administrator, single-server', () => {
    expect(states('Administrator', 'single-server')).toEqual([
      'stage',
      'cameras',
      'retention-policy',
      'users',
      'system-status',
      'system-report',
      'activation',
      'advanced-settings',
      'properties',
      'version',
    ]);
  });

  it('Administrator, multi-server', () => {
    expect(states('Administrator', 'multi-server')).toEqual([
      'stage',
      'orchids',
      'users',
      'camera-groups',
      'permission-groups',
      'notifications',
      'version',
    ]);
  });

  it('Manager, single-server: stage, system status and report, version', () => {
    expect(states('Manager', 'single-server')).toEqual(['stage', 'system-status', 'system-report', 'version']);
  });

  it('Manager, multi-server: stage and version', () => {
    expect(states('Manager', 'multi-server')).toEqual(['stage', 'version']);
  });

  for (const role of ['Viewer', 'Live Viewer'] as const) {
    for (const mode of ['single-server', 'multi-server'] as const) {
      it(`${role}, ${mode}: stage and version only`, () => {
        expect(states(role, mode)).toEqual(['stage', 'version']);
      });
    }
  }

  it('shows nothing while the menu is hidden (signed out, or the app is dead)', () => {
    expect(visibleNavEntries({ role: 'Administrator', mode: 'single-server', menuShown: false })).toEqual([]);
  });

  it('links every entry to its route and labels it from the catalogue', () => {
    const entries = visibleNavEntries({ role: 'Administrator', mode: 'single-server', menuShown: true });
    expect(entries.map((entry) => entry.href)).toEqual([
      '/stage',
      '/cameras',
      '/retention',
      '/users',
      '/system-status',
      '/system-report',
      '/activation',
      '/advanced-settings',
      '/properties',
      '/version',
    ]);
    for (const entry of entries) expect(entry.label).toMatch(/^nav\./);
  });

  it('adds plugin entries after the built-in ones, linking to #!/plugin/{rootpath}/{route}', () => {
    const plugin = { rootpath: 'door-access', route: 'main view', name: 'Doors' };
    const entries = visibleNavEntries({ role: 'Viewer', mode: 'multi-server', menuShown: true, plugins: [plugin] });
    expect(entries.at(-1)).toEqual(pluginNavEntry(plugin));
    expect(pluginNavEntry(plugin).href).toBe('#!/plugin/door-access/main%20view');
    expect(pluginNavEntry(plugin).name).toBe('Doors');
  });
});
