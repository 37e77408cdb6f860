import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, isAbortError, Modal } from '@portal/plugin-api';
import { dialogProblem, type DialogProblem } from './mfaErrors';
import { ProblemNotice } from './MfaDialog';
import { useLock } from './useSecurityLock';

/**
 * A confirm dialog whose OK runs a sensitive call: it stays open with the problem when the
 * call fails (in particular the 'session timeout, close the dialog and retry' message).
 */
export function ConfirmDialog({
  title,
  message,
  okLabel,
  danger = true,
  action,
  onDone,
  onClose,
}: {
  title: string;
  message: string;
  okLabel: string;
  danger?: boolean;
  action: () => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('security');
  const lock = useLock();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<DialogProblem | null>(null);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await lock.guard(action);
      onDone();
    } catch (error) {
      if (!isAbortError(error)) setProblem(dialogProblem(error));
      setBusy(false);
    }
  };

  const shown: DialogProblem | null = !lock.unlocked ? { key: 'dialog.sessionTimeout', kind: 'warning', locks: true } : problem;
  const blocked = !lock.unlocked || (shown !== null && 'locks' in shown && shown.locks === true);
  return (
    <Modal
      open
      kind="confirm"
      title={title}
      description={message}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t(blocked ? 'dialog.close' : 'dialog.cancel')}
          </Button>
          {!blocked && (
            <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={() => void confirm()}>
              {okLabel}
            </Button>
          )}
        </>
      }
    >
      {shown && <ProblemNotice problem={shown} />}
    </Modal>
  );
}
