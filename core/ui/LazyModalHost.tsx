import { lazy, Suspense } from 'react';
import { useModals } from './modalStore';

// The dialog code (headlessui) is fetched only when the first modal opens, keeping it off the login route.
const ModalHost = lazy(() => import('./ModalHost'));

/** Mount once near the root: costs nothing until openModal() is called. */
export function LazyModalHost() {
  const open = useModals().length > 0;
  return open ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null;
}
