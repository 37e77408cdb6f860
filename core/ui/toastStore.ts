import { useSyncExternalStore } from 'react';

/** What a toast says: an error, a success, information or a warning. */
export type ToastKind = 'error' | 'success' | 'info' | 'warning';

/** The toast showing: its id, message and kind. */
export interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

/** How long a toast stays (spec: about 4 s). */
export const TOAST_MS = 4000;

/** Options of a toast: how long it stays. */
export interface ToastOptions {
  /** Milliseconds before auto-dismissal; Infinity keeps it until dismissed. Default TOAST_MS. */
  duration?: number;
}

/**
 * One toast at a time (spec): a new toast replaces the current one. A plain
 * module store so the HTTP layer and error dispatch can call toast() outside React.
 * The timer pauses while the host reports a "hold" (hover or keyboard focus),
 * so nobody loses a message they are reading or about to dismiss.
 */
let current: ToastItem | null = null;
let nextId = 1;
let remaining = TOAST_MS;
let startedAt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const holds = new Set<string>();
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

function stopTimer() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function startTimer() {
  stopTimer();
  if (!current || holds.size > 0 || !Number.isFinite(remaining)) return;
  startedAt = Date.now();
  const id = current.id;
  timer = setTimeout(() => dismissToast(id), remaining);
}

/** Shows `message` (plain text), replacing any toast on screen. Returns its id. */
export function toast(message: string, kind: ToastKind = 'error', options: ToastOptions = {}): number {
  current = { id: nextId++, message, kind };
  remaining = options.duration ?? TOAST_MS;
  startTimer();
  emit();
  return current.id;
}

/** Removes the toast (only if it is still toast `id`, when given). */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  stopTimer();
  current = null;
  emit();
}

/** Pauses (on = true) or resumes the auto-dismiss timer for one reason, e.g. 'hover' or 'focus'. */
export function holdToast(reason: string, on: boolean): void {
  if (on === holds.has(reason)) return;
  if (on) {
    if (holds.size === 0 && timer !== undefined) remaining -= Date.now() - startedAt;
    holds.add(reason);
    stopTimer();
  } else {
    holds.delete(reason);
    startTimer();
  }
}

/** The toast showing now, or null. */
export function getToast(): ToastItem | null {
  return current;
}

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen, if any. */
export function useToast(): ToastItem | null {
  return useSyncExternalStore(subscribeToast, getToast, getToast);
}
