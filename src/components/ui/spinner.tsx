/** A small busy indicator with an accessible name. */
import type { ReactElement } from 'react';

export function Spinner({ label, size = 'small' }: { label: string; size?: 'small' | 'large' }): ReactElement {
  return <span className={`spinner spinner-${size}`} role="status" aria-label={label} />;
}
