/** The screens of the server admin container (spec 2) and their addresses; the container is server-admin-view.tsx. */
import type { MessageKey } from '../../i18n/translate';

export const SERVER_ADMIN_SECTIONS = ['activation', 'camera-admin', 'system-status', 'system-report', 'retention-policy', 'advanced-settings', 'properties'] as const;
export type ServerAdminSection = (typeof SERVER_ADMIN_SECTIONS)[number];

export const SECTION_LABELS: Record<ServerAdminSection, MessageKey> = {
  activation: 'nav.activation',
  'camera-admin': 'nav.cameras',
  'system-status': 'nav.systemStatus',
  'system-report': 'nav.systemReport',
  'retention-policy': 'nav.retention',
  'advanced-settings': 'nav.advancedSettings',
  properties: 'nav.properties',
};

/** The address of a server's screen in the container. */
export function serverAdminHref(orchidId: string, section: ServerAdminSection): string {
  return `/server-admin?${new URLSearchParams({ server: orchidId, section }).toString()}`;
}

