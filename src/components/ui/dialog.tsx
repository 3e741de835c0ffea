/**
 * The application's modal dialog: @headlessui's Dialog (focus trap, Escape,
 * aria-modal, labelled by its title) with the house frame: title bar,
 * body, and a footer of actions.
 */
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactElement, ReactNode } from 'react';
import { t } from '../../i18n/translate';
import { Icon } from './icon';

export interface AppDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** False while an action is running: Escape and the backdrop do nothing then. */
  dismissible?: boolean;
}

export function AppDialog({ open, title, onClose, children, footer, size = 'medium', dismissible = true }: AppDialogProps): ReactElement {
  return (
    <Dialog open={open} onClose={() => dismissible && onClose()} className="dialog-root">
      <DialogBackdrop className="dialog-backdrop" />
      <div className="dialog-container">
        <DialogPanel className={`dialog dialog-${size}`}>
          <header className="dialog-header">
            <DialogTitle as="h2" className="dialog-title">
              {title}
            </DialogTitle>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')} disabled={!dismissible}>
              <Icon name="close" />
            </button>
          </header>
          <div className="dialog-body">{children}</div>
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
