/**
 * A confirmation that runs one action on the server (delete a user,
 * unregister a server, remove the license): the question, Cancel, and the
 * danger action. While the action runs the dialog cannot be dismissed; a
 * refusal shows its message under the question and the dialog stays open,
 * to try again or cancel; success closes it.
 */
import { useState, type ReactElement } from 'react';
import type { ActionResult } from './action-result';
import { AppDialog, ConfirmDialogFooter } from './dialog';
import { Notice } from './notice';

export interface ConfirmDialogProps {
  /** True unless the dialog stays mounted while closed. */
  open?: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  busyLabel: string;
  confirm: () => Promise<ActionResult>;
  onClose: () => void;
}

export function ConfirmDialog({ open = true, title, question, confirmLabel, busyLabel, confirm, onClose }: ConfirmDialogProps): ReactElement {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A dialog that stays mounted would otherwise open again with the last refusal.
  const close = () => {
    setError(null);
    onClose();
  };

  const run = async () => {
    setProcessing(true);
    setError(null);
    const result = await confirm();
    setProcessing(false);
    if (result.ok) close();
    else setError(result.message);
  };

  return (
    <AppDialog
      open={open}
      title={title}
      onClose={close}
      size="small"
      dismissible={!processing}
      footer={<ConfirmDialogFooter onCancel={close} onConfirm={() => void run()} processing={processing} confirmLabel={confirmLabel} busyLabel={busyLabel} />}
    >
      <p>{question}</p>
      {error && <Notice kind="error">{error}</Notice>}
    </AppDialog>
  );
}
