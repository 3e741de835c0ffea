/**
 * The actions at the end of a list screen's table row (users, servers):
 * small icon buttons and links. The icon alone shows, so each carries its
 * accessible name (which names the row: 'Edit user alice') and a tooltip.
 */
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from '../ui/icon';

const ICON_SIZE = 16;

interface RowActionProps {
  icon: IconName;
  /** The accessible name; it names the row, as the icon is all that shows. */
  label: string;
  title: string;
}

/** The row's last cell, holding its actions. */
export function RowActions({ children }: { children: ReactNode }): ReactElement {
  return <td className="actions-col">{children}</td>;
}

export function RowActionButton({ icon, label, title, danger = false, disabled, onClick }: RowActionProps & { danger?: boolean; disabled?: boolean; onClick: () => void }): ReactElement {
  return (
    <button type="button" className={danger ? 'icon-button danger' : 'icon-button'} aria-label={label} title={title} disabled={disabled} onClick={onClick}>
      <Icon name={icon} size={ICON_SIZE} />
    </button>
  );
}

/** An action that opens another screen: a link, so it can open in a new tab too. */
export function RowActionLink({ icon, label, title, to }: RowActionProps & { to: string }): ReactElement {
  return (
    <Link to={to} className="icon-button" aria-label={label} title={title}>
      <Icon name={icon} size={ICON_SIZE} />
    </Link>
  );
}
