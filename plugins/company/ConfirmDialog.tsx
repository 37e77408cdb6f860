import type { ReactNode } from 'react';
import { Modal } from '@portal/plugin-api';

/**
 * A draggable confirm dialog for destructive steps (remove, reject, leave); focus returns to the opener on
 * close. Its title says what is confirmed ("Remove this member?"): the kind's "Please confirm" says nothing.
 */
export function ConfirmDialog(props: { title: string; message: ReactNode; okLabel: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal
      open
      kind="confirm"
      title={props.title}
      draggable
      description={props.message}
      okLabel={props.okLabel}
      okLoading={props.busy}
      onOk={props.onConfirm}
      onClose={props.onCancel}
    />
  );
}
