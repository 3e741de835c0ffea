/**
 * A list screen's table (users, servers): named for screen readers, a
 * header row of its columns, and a last column for the row actions whose
 * header is read but not shown. The rows are the screen's own.
 */
import type { ReactElement, ReactNode } from 'react';

export interface DataTableColumn {
  label: string;
  className?: string;
}

export interface DataTableProps {
  label: string;
  /** Added to data-table, for the screen's own column widths. */
  className?: string;
  columns: readonly DataTableColumn[];
  actionsLabel: string;
  children: ReactNode;
}

export function DataTable({ label, className, columns, actionsLabel, children }: DataTableProps): ReactElement {
  return (
    <table className={className ? `data-table ${className}` : 'data-table'} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
          <th scope="col" className="actions-col">
            <span className="visually-hidden">{actionsLabel}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
