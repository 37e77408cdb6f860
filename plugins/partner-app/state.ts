import { proxy } from 'valtio';
import type { AppLaunch } from './launch';
import type { BridgeResult, NativeBridge } from './bridge';

export type ProblemReason = Extract<AppLaunch, { kind: 'refused' }>['reason'] | 'session';

/** The app variant's page-lifetime state; the screens read it with useSnapshot. */
export interface AppState {
  launch: AppLaunch | null;
  /** Set when the app's session could not be taken over (the problem screen shows why). */
  sessionError: { code: number; serverMessage?: string } | null;
  /** The last sign-out call's outcome; the signed-out screen explains a missing bridge. */
  signOut: BridgeResult | null;
}

export const appState = proxy<AppState>({ launch: null, sessionError: null, signOut: null });

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
