import { describe, expect, it } from 'vitest';
import { API_DOCS_URL, canUpdateClient, versionLinks } from '../../../../../src/views/version/version-links';

describe('version page links (spec 2)', () => {
  it('offers Update client to administrators of a single server only', () => {
    expect(canUpdateClient('Administrator', 'single-server')).toBe(true);
    expect(canUpdateClient('Administrator', 'multi-server')).toBe(false);
    expect(canUpdateClient('Manager', 'single-server')).toBe(false);
    expect(canUpdateClient('Viewer', 'single-server')).toBe(false);
    expect(canUpdateClient(undefined, 'single-server')).toBe(false);
  });

  it('shows the training and knowledge-base links only when the brand sets them; the API docs always', () => {
    expect(versionLinks({ trainingUrl: 'https://t.example/', knowledgeBaseUrl: 'https://kb.example/' })).toEqual([
      { labelKey: 'version.training', href: 'https://t.example/' },
      { labelKey: 'version.knowledgeBase', href: 'https://kb.example/' },
      { labelKey: 'version.apiDocs', href: API_DOCS_URL },
    ]);
    expect(versionLinks({ trainingUrl: null, knowledgeBaseUrl: '' })).toEqual([{ labelKey: 'version.apiDocs', href: '/service/docs' }]);
  });
});
