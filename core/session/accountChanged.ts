import { atom } from 'jotai';
import type { UserInfo } from '../contract/api';
import { appStore, setUser } from './session';

/**
 * Counts the user's own changes to their account (profile, avatar). Plugins that mirror the
 * account elsewhere (a hosting app's native screens) subscribe to it; loading the user
 * info does not count, so a reload never echoes back.
 */
export const accountChangedAtom = atom(0);

/** The user changed their own account: keep the new user info and tell the listeners (onAccountChanged). */
export function accountChanged(user: UserInfo): void {
  setUser(user);
  appStore.set(accountChangedAtom, (n) => n + 1);
}

/** Calls `listener` after each of the user's own changes to their account; returns the way to stop. */
export function onAccountChanged(listener: () => void): () => void {
  return appStore.sub(accountChangedAtom, listener);
}
