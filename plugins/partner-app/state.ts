import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { AppLaunch } from './launch';
import type { BridgeResult, NativeBridge } from './bridge';

export type ProblemReason = Extract<AppLaunch, { kind: 'refused' }>['reason'] | 'session';

/** The app variant's page-lifetime state; the screens read it with useAppState(). */
export interface AppState {
  launch: AppLaunch | null;
  /** Set when the app's session could not be taken over (the problem screen shows why). */
  sessionError: { code: number; serverMessage?: string } | null;
  /** The last sign-out call's outcome; the signed-out screen explains a missing bridge. */
  signOut: BridgeResult | null;
}

// A jotai atom in jotai's default store (jotai is already on every page), not a valtio proxy: the
// web portal's login chunks would otherwise be re-split around a shared valtio chunk.
const appStore = getDefaultStore();
const stateAtom = atom<AppState>({ launch: null, sessionError: null, signOut: null });

function update(patch: Partial<AppState>): void {
  appStore.set(stateAtom, (s) => ({ ...s, ...patch }));
}

/** Read and write the state like a plain object; writes re-render the screens that use it. */
export const appState: AppState = {
  get launch() {
    return appStore.get(stateAtom).launch;
  },
  set launch(launch) {
    update({ launch });
  },
  get sessionError() {
    return appStore.get(stateAtom).sessionError;
  },
  set sessionError(sessionError) {
    update({ sessionError });
  },
  get signOut() {
    return appStore.get(stateAtom).signOut;
  },
  set signOut(signOut) {
    update({ signOut });
  },
};

export function useAppState(): AppState {
  return useAtomValue(stateAtom, { store: appStore });
}

/** The bridge of this page's app; set at register() once the launch is accepted. */
let current: NativeBridge | null = null;
export function setBridge(bridge: NativeBridge | null): void {
  current = bridge;
}
export function bridge(): NativeBridge | null {
  return current;
}

/** Why the problem screen shows, if it should. */
export function problemReason(state: Pick<AppState, 'launch' | 'sessionError'>): ProblemReason | null {
  if (!state.launch) return 'missing';
  if (state.launch.kind === 'refused') return state.launch.reason;
  return state.sessionError ? 'session' : null;
}
