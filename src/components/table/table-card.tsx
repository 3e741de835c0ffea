/**
 * The card a list screen's table sits in (users, servers): the errors
 * above it (the list could not be read, an action on a row failed), and a
 * spinner while the first read runs, when there is nothing to show yet.
 */
import type { ReactElement, ReactNode } from 'react';
import { t } from '../../i18n/translate';
import { Notice } from '../ui/notice';
import { Spinner } from '../ui/spinner';

export interface TableCardProps {
  /** In the order shown; null where there is none. */
  errors: ReadonlyArray<string | null>;
  loading: boolean;
  children: ReactNode;
}

export function TableCard({ errors, loading, children }: TableCardProps): ReactElement {
  return (
    <div className="card table-card">
      {errors.map(
        (error, index) =>
          error && (
            // Each place holds one kind of error, so its position is its identity.
            <Notice key={index} kind="error">
              {error}
            </Notice>
          ),
      )}
      {loading && <Spinner label={t('common.loading')} />}
      {children}
    </div>
  );
}
