import { closeAllModals, closeModal, getModals, openModal, subscribeModals } from './modalStore';

afterEach(() => closeAllModals());

describe('modalStore', () => {
  it('openModal resolves true on OK and false on cancel/close', async () => {
    const ok = openModal({ kind: 'confirm', message: 'Delete?' });
    const cancel = openModal({ kind: 'info', message: 'Hi' });
    const [first, second] = getModals();
    expect(first).toMatchObject({ kind: 'confirm', message: 'Delete?' });
    closeModal(first!.id, true);
    closeModal(second!.id, false);
    await expect(ok).resolves.toBe(true);
    await expect(cancel).resolves.toBe(false);
    expect(getModals()).toHaveLength(0);
  });

  it('defaults the kind to info and ignores unknown or repeated closes', async () => {
    const p = openModal({ message: 'x' });
    const { id, kind } = getModals()[0]!;
    expect(kind).toBe('info');
    closeModal(id, true);
    closeModal(id, false);
    closeModal(9999, true);
    await expect(p).resolves.toBe(true);
  });

  it('a key de-duplicates: the second call shares the open modal and its promise', async () => {
    const a = openModal({ kind: 'error', message: 'Session timed out', key: 'session' });
    const b = openModal({ kind: 'error', message: 'Session timed out', key: 'session' });
    expect(getModals()).toHaveLength(1);
    expect(b).toBe(a);
    closeModal(getModals()[0]!.id, true);
    await expect(b).resolves.toBe(true);
    openModal({ message: 'again', key: 'session' });
    expect(getModals()).toHaveLength(1);
  });

  it('notifies subscribers and closeAllModals settles everything with false', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeModals(listener);
    const a = openModal({ message: 'a' });
    const b = openModal({ message: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
    closeAllModals();
    await expect(Promise.all([a, b])).resolves.toEqual([false, false]);
    unsubscribe();
    openModal({ message: 'c' });
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
