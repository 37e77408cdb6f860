import { Modal } from './Modal';
import { closeModal, useModals, type ModalEntry } from './modalStore';

/** Renders the modals opened through openModal(). Loaded lazily by LazyModalHost. */
export function ModalHost() {
  const modals = useModals();
  return (
    <>
      {modals.map((entry) => (
        <StoreModal key={entry.id} entry={entry} />
      ))}
    </>
  );
}

function StoreModal({ entry }: { entry: ModalEntry }) {
  return (
    <Modal
      open
      kind={entry.kind}
      title={entry.title}
      description={entry.message}
      onOk={() => closeModal(entry.id, true)}
      onClose={() => closeModal(entry.id, false)}
      okLabel={entry.okLabel}
      cancelLabel={entry.cancelLabel}
      showCancel={entry.showCancel}
      dismissible={entry.dismissible ?? true}
      maxWidth={entry.maxWidth}
    >
      {entry.content}
    </Modal>
  );
}

export default ModalHost;
