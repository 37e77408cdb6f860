import { useSyncExternalStore, type ReactNode } from 'react';
import type { MessageKind } from './kindIcons';

export type ModalKind = MessageKind | 'normal';

export interface ModalOptions {
  kind?: ModalKind;
  title?: string;
  /** Plain text; rendered by React, never as HTML. */
  message?: string;
  okLabel?: string;
  cancelLabel?: string;
  /** Defaults to true for 'confirm', false otherwise. */
  showCancel?: boolean;
  /** false: no Escape, no backdrop click, no close button (e.g. the privacy policy notice). Default true. */
  dismissible?: boolean;
  /** Body for kind 'normal' (shown below the message, if any). */
  content?: ReactNode;
  maxWidth?: number | string;
  /** While a modal with this key is open, opening another with the same key returns the same promise (one 'session timeout' dialog). */
  key?: string;
}

export interface ModalEntry extends ModalOptions {
  id: number;
  kind: ModalKind;
}

/**
 * A tiny external store rather than jotai atoms: openModal() is called from
 * non-React code (HTTP client, error dispatch) and must reach the one host
 * whatever jotai Provider the tree uses. It imports nothing heavy, so the login
 * route can call it while the dialog code itself stays in a lazy chunk.
 */
let entries: readonly ModalEntry[] = [];
let nextId = 1;
const pending = new Map<number, { resolve: (ok: boolean) => void; promise: Promise<boolean> }>();
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** Opens a modal; resolves true on OK/confirm, false on cancel, close or dismissal. */
export function openModal(options: ModalOptions): Promise<boolean> {
  const same = options.key === undefined ? undefined : entries.find((e) => e.key === options.key);
  if (same) return pending.get(same.id)!.promise;
  const id = nextId++;
  let resolve!: (ok: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  pending.set(id, { resolve, promise });
  entries = [...entries, { ...options, id, kind: options.kind ?? 'info' }];
  emit();
  return promise;
}

/** Closes modal `id` and settles its promise with `result`. Unknown ids are ignored (double clicks). */
export function closeModal(id: number, result: boolean): void {
  const entry = pending.get(id);
  if (!entry) return;
  pending.delete(id);
  entries = entries.filter((e) => e.id !== id);
  emit();
  entry.resolve(result);
}

/** Closes every open modal with `result` (sign-out, navigation, test cleanup). */
export function closeAllModals(result = false): void {
  for (const { id } of entries) closeModal(id, result);
}

export function getModals(): readonly ModalEntry[] {
  return entries;
}

export function subscribeModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open modals, oldest first; re-renders when one opens or closes. */
export function useModals(): readonly ModalEntry[] {
  return useSyncExternalStore(subscribeModals, getModals, getModals);
}
