/** The frame of a shell page: a header with title, optional subtitle and actions, then the content. */
import type { ReactElement, ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  width?: 'normal' | 'wide' | 'full';
}

export function PageFrame({ title, subtitle, actions, children, width = 'normal' }: PageFrameProps): ReactElement {
  return (
    <section className={`page page-${width}`} aria-labelledby="page-title">
      <header className="page-header">
        <div>
          <h1 id="page-title" className="page-title">
            {title}
          </h1>
          {subtitle && <p className="page-subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      <div className="page-content">{children}</div>
    </section>
  );
}

/**
 * Body of a screen whose content a later issue builds: the route, its guard
 * and its place in the navigation are real; the content says what it will hold.
 */
export function PendingScreen({ title, purpose }: { title: string; purpose: string }): ReactElement {
  return (
    <PageFrame title={title}>
      <div className="card pending-card">
        <p>{purpose}</p>
        <p className="muted">This screen is not available in this build yet.</p>
      </div>
    </PageFrame>
  );
}
