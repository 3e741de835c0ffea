/** The product mark: a watchful eye in a hexagon, with the product name beside it. */
import type { ReactElement } from 'react';
import { BRAND } from './brand';

export function LogoMark({ size = 28 }: { size?: number }): ReactElement {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo-mark">
      <path d="M16 2l12 7v14l-12 7L4 23V9z" fill="var(--brand-accent-strong)" />
      <path d="M16 2l12 7v14l-12 7L4 23V9z" fill="none" stroke="var(--brand-accent)" strokeWidth="1.5" />
      <path d="M7.5 16c2.3-3.6 5.2-5.4 8.5-5.4s6.2 1.8 8.5 5.4c-2.3 3.6-5.2 5.4-8.5 5.4S9.8 19.6 7.5 16z" fill="#fff" />
      <circle cx="16" cy="16" r="3.2" fill="var(--brand-accent-strong)" />
      <circle cx="17.1" cy="14.9" r="1" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 28 }: { size?: number }): ReactElement {
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo-text">
        <strong>{BRAND.companyName}</strong>
        <span className="logo-suffix">VMS</span>
      </span>
    </span>
  );
}
