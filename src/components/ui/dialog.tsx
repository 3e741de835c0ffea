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

/**
 * The footer of a dialog whose body is a form: Cancel, and the submit
 * button of the form `formId` (outside the form, so it sits in the footer),
 * showing `busyLabel` while the request runs.
 */
export function FormDialogFooter(props: {
  formId: string;
  onCancel: () => void;
  processing: boolean;
  submitDisabled: boolean;
  submitLabel: string;
  busyLabel: string;
}): ReactElement {
  return (
    <>
      <button type="button" className="btn" onClick={props.onCancel} disabled={props.processing}>
        {t('common.cancel')}
      </button>
      <button type="submit" form={props.formId} className="btn btn-primary" disabled={props.processing || props.submitDisabled}>
        {props.processing ? props.busyLabel : props.submitLabel}
      </button>
    </>
  );
}

/**
 * The footer of a confirmation that destroys something (delete, remove):
 * Cancel, and the danger action showing `busyLabel` while it runs.
 */
export function ConfirmDialogFooter(props: {
  onCancel: () => void;
  onConfirm: () => void;
  processing: boolean;
  confirmDisabled?: boolean;
  confirmLabel: string;
  busyLabel: string;
}): ReactElement {
  return (
    <>
      <button type="button" className="btn" onClick={props.onCancel} disabled={props.processing}>
        {t('common.cancel')}
      </button>
      <button type="button" className="btn btn-danger" onClick={props.onConfirm} disabled={props.processing || props.confirmDisabled === true}>
        {props.processing ? props.busyLabel : props.confirmLabel}
      </button>
    </>
  );
}
