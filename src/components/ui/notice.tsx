/** An inline message box: error (announced), warning or info. */
import type { ReactElement, ReactNode } from 'react';
import { Icon } from './icon';

export function Notice({ kind, children }: { kind: 'error' | 'warning' | 'info'; children: ReactNode }): ReactElement {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon name={kind === 'info' ? 'info' : 'warning'} />
      <div>{children}</div>
    </div>
  );
}
