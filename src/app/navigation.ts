/**
 * The navigation entries of spec 2 and who sees each, per role and server
 * mode. Pure: the shell renders what `visibleNavEntries` answers. Entries
 * for multi-server screens (servers, camera groups, permission groups,
 * notifications) are listed for the aggregator edition, whose routes are
 * added with it.
 */
import type { ServerMode } from '../../server/shared/api';
import type { Role } from '../../server/shared/roles';
import type { MessageKey } from '../i18n/translate';

export type NavState =
  | 'singularity.stage'
  | 'singularity.orchids'
  | 'singularity.cameras'
  | 'singularity.retention-policy'
  | 'singularity.users'
  | 'singularity.camera-groups'
  | 'singularity.permission-groups'
  | 'singularity.notifications'
  | 'singularity.system-status'
  | 'singularity.system-report'
  | 'singularity.activation'
  | 'singularity.advanced-settings'
  | 'singularity.properties'
  | 'singularity.version';

export type NavIcon =
  | 'stage'
  | 'servers'
  | 'cameras'
  | 'retention'
  | 'users'
  | 'groups'
  | 'permissions'
  | 'notifications'
  | 'status'
  | 'report'
  | 'activation'
  | 'settings'
  | 'version'
  | 'plugin';

type Audience = 'everyone' | 'admin' | 'manager-or-admin';

export interface NavEntry {
  state: NavState | `plugin.${string}`;
  /** Hash-route path (`/stage`) or, for plugins, a full href. */
  href: string;
  label: MessageKey | null;
  /** Plugins bring their own name. */
  name?: string;
  icon: NavIcon;
}

interface NavRule {
  entry: NavEntry;
  audience: Audience;
  modes: ServerMode[] | 'any';
}

const SINGLE: ServerMode[] = ['single-server'];
const MULTI: ServerMode[] = ['multi-server'];

const entry = (state: NavState, href: string, label: MessageKey, icon: NavIcon): NavEntry => ({ state, href, label, icon });

export const NAV_RULES: readonly NavRule[] = [
  { entry: entry('singularity.stage', '/stage', 'nav.stage', 'stage'), audience: 'everyone', modes: 'any' },
  { entry: entry('singularity.orchids', '/servers', 'nav.servers', 'servers'), audience: 'admin', modes: MULTI },
  { entry: entry('singularity.cameras', '/cameras', 'nav.cameras', 'cameras'), audience: 'admin', modes: SINGLE },
  { entry: entry('singularity.retention-policy', '/retention', 'nav.retention', 'retention'), audience: 'admin', modes: SINGLE },
  { entry: entry('singularity.users', '/users', 'nav.users', 'users'), audience: 'admin', modes: 'any' },
  { entry: entry('singularity.camera-groups', '/camera-groups', 'nav.cameraGroups', 'groups'), audience: 'admin', modes: MULTI },
  {
    entry: entry('singularity.permission-groups', '/permission-groups', 'nav.permissionGroups', 'permissions'),
    audience: 'admin',
    modes: MULTI,
  },
  {
    entry: entry('singularity.notifications', '/notifications', 'nav.notifications', 'notifications'),
    audience: 'admin',
    modes: MULTI,
  },
  {
    entry: entry('singularity.system-status', '/system-status', 'nav.systemStatus', 'status'),
    audience: 'manager-or-admin',
    modes: SINGLE,
  },
  {
    entry: entry('singularity.system-report', '/system-report', 'nav.systemReport', 'report'),
    audience: 'manager-or-admin',
    modes: SINGLE,
  },
  { entry: entry('singularity.activation', '/activation', 'nav.activation', 'activation'), audience: 'admin', modes: SINGLE },
  {
    entry: entry('singularity.advanced-settings', '/advanced-settings', 'nav.advancedSettings', 'settings'),
    audience: 'admin',
    modes: SINGLE,
  },
  { entry: entry('singularity.properties', '/properties', 'nav.properties', 'settings'), audience: 'admin', modes: SINGLE },
  { entry: entry('singularity.version', '/version', 'nav.version', 'version'), audience: 'everyone', modes: 'any' },
];

export interface PluginNavExtension {
  rootpath: string;
  route: string;
  name: string;
}

export interface NavContext {
  role: Role | undefined;
  mode: ServerMode;
  /** The menu shows while signed in and the app is alive. */
  menuShown: boolean;
  plugins?: readonly PluginNavExtension[];
}

function inAudience(audience: Audience, role: Role | undefined): boolean {
  if (audience === 'everyone') return true;
  if (audience === 'admin') return role === 'Administrator';
  return role === 'Administrator' || role === 'Manager';
}

/** Plugin entries link to #!/plugin/{rootpath}/{route} (spec 2). */
export function pluginNavEntry(plugin: PluginNavExtension): NavEntry {
  const path = `${encodeURIComponent(plugin.rootpath)}/${encodeURIComponent(plugin.route)}`;
  return { state: `plugin.${plugin.rootpath}`, href: `#!/plugin/${path}`, label: null, name: plugin.name, icon: 'plugin' };
}

export function visibleNavEntries(context: NavContext): NavEntry[] {
  if (!context.menuShown) return [];
  const entries = NAV_RULES.filter(
    (rule) => inAudience(rule.audience, context.role) && (rule.modes === 'any' || rule.modes.includes(context.mode)),
  ).map((rule) => rule.entry);
  return [...entries, ...(context.plugins ?? []).map(pluginNavEntry)];
}
