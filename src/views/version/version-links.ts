/**
 * What the version page links to (spec 2): Update client for administrators
 * of a single server (in multi-server mode the client is not this server's
 * to replace), the brand's Training and Knowledge base pages when it sets
 * them, and the API docs the recorder serves.
 */
import type { ServerMode } from '../../../server/shared/api';
import { isAdministrator, type Role } from '../../../server/shared/roles';
import type { Brand } from '../../brand/brand';

/** Where the recorder serves its API description's UI (server/recorder/core/http/api-docs.ts). */
export const API_DOCS_URL = '/service/docs';

export function canUpdateClient(role: Role | undefined, mode: ServerMode): boolean {
  return isAdministrator(role) && mode === 'single-server';
}

export interface VersionLink {
  labelKey: 'version.training' | 'version.knowledgeBase' | 'version.apiDocs';
  href: string;
}

/** The external links, in page order; an unset brand link is left out. */
export function versionLinks(brand: Pick<Brand, 'trainingUrl' | 'knowledgeBaseUrl'>): VersionLink[] {
  const links: Array<{ labelKey: VersionLink['labelKey']; href: string | null }> = [
    { labelKey: 'version.training', href: brand.trainingUrl },
    { labelKey: 'version.knowledgeBase', href: brand.knowledgeBaseUrl },
    { labelKey: 'version.apiDocs', href: API_DOCS_URL },
  ];
  return links.filter((link): link is VersionLink => Boolean(link.href));
}
