/**
 * White-label settings: names, support, training and knowledge-base links,
 * and colours. A branded build
 * changes the values here; the shell applies them (CSS variables, document
 * title) and screens read names and the support link from `BRAND`.
 * Colours become CSS custom properties so the stylesheets never hard-code a
 * brand colour.
 */
export interface BrandColors {
  accent: string;
  accentStrong: string;
  accentContrast: string;
  background: string;
  surface: string;
  surfaceRaised: string;
  border: string;
  text: string;
  textMuted: string;
}

export interface Brand {
  companyName: string;
  productName: string;
  /** Shown on the application-unresponsive page when set (spec 2). */
  supportUrl: string | null;
  /** The version page's Training and Knowledge base links; null hides the link (spec 2). */
  trainingUrl: string | null;
  knowledgeBaseUrl: string | null;
  colors: BrandColors;
}

export const BRAND: Brand = {
  companyName: 'Argus',
  productName: 'Argus VMS',
  supportUrl: 'https://support.argus-vms.example/',
  trainingUrl: 'https://training.argus-vms.example/',
  knowledgeBaseUrl: 'https://support.argus-vms.example/knowledge-base/',
  colors: {
    accent: '#3d9df6',
    accentStrong: '#1f7fd9',
    accentContrast: '#ffffff',
    background: '#0a0e13',
    surface: '#10161e',
    surfaceRaised: '#161e29',
    border: '#232e3c',
    text: '#d5dde8',
    textMuted: '#8593a6',
  },
};

const KEBAB = /[A-Z]/g;

/** The CSS custom properties of a brand: `--brand-accent`, `--brand-surface-raised`, ... */
export function brandCssVariables(brand: Brand): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(brand.colors)) {
    variables[`--brand-${name.replace(KEBAB, (c) => `-${c.toLowerCase()}`)}`] = value;
  }
  return variables;
}
