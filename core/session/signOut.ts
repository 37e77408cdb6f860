import type { HttpClient } from '../http/client';
import type { Registry } from '../registry/registry';
import { SIGN_OUT_POINT } from '../registry/corePoints';
import { appStore, clearSession, userAtom } from './session';

/**
 * Sign-out (spec section 4): a contributed override (the partner app's native sign-out)
 * or the server call; either way the lock, the user info and storage are cleared, the
 * language stays, and the caller goes to sign-in.
 */
export async function signOut(registry: Registry, http: HttpClient): Promise<void> {
  for (const override of registry.getContributions(SIGN_OUT_POINT)) {
    if (await override.signOut()) {
      clearSession();
      return;
    }
  }
  const email = appStore.get(userAtom)?.email;
  try {
    // The Security-Token header (spec: logout is a sensitive call) ends an unlock with the session.
    await http.post('/logout', undefined, { query: { email }, securityToken: true });
  } catch {
    // The local session ends regardless; a failed call must not keep the user signed in here.
  }
  clearSession();
}
