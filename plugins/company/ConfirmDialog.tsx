import { Modal } from '@portal/plugin-api';

/** A draggable confirm dialog for destructive steps (remove, reject, leave); focus returns to the opener on close. */
export function ConfirmDialog(props: { message: string; okLabel: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal
      open
      kind="confirm"
      draggable
      description={props.message}
      okLabel={props.okLabel}
      okLoading={props.busy}
      onOk={props.onConfirm}
      onClose={props.onCancel}
    />
  );
}
