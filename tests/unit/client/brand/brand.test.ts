import { describe, expect, it } from 'vitest';
import { BRAND, brandCssVariables } from '../../../../src/brand/brand';

describe('white-label settings', () => {
  it('the company is Argus, with a support link', () => {
    expect(BRAND.companyName).toBe('Argus');
    expect(BRAND.supportUrl).toMatch(/^https:\/\//);
  });

  it('turns colours into --brand-* CSS variables', () => {
    const variables = brandCssVariables({ ...BRAND, colors: { ...BRAND.colors, accent: '#123456', surfaceRaised: '#000001' } });
    expect(variables['--brand-accent']).toBe('#123456');
    expect(variables['--brand-surface-raised']).toBe('#000001');
    expect(Object.keys(variables)).toHaveLength(Object.keys(BRAND.colors).length);
    for (const name of Object.keys(variables)) expect(name).toMatch(/^--brand-[a-z-]+$/);
  });
});
