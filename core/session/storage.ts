/**
 * Local storage under the keys of spec section 3. Everything the portal keeps in the
 * browser goes through here so sign-out can clear it all except the language.
 */
export const STORAGE_KEYS = {
  tokenType: 'tokenType',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  securityToken: 'securityToken',
  lang: 'lang',
  region: 'region',
  userInfo: 'userInfo',
  /** Which tab is refreshing the tokens, when Web Locks are missing (refreshLease.ts). */
  refreshLease: 'uid.refreshLease',
} as const;
export type StorageKey = keyof typeof STORAGE_KEYS;

/** snake_case spellings that arrive from query strings and token responses. */
export const SNAKE_CASE_KEYS: Record<string, StorageKey> = {
  token_type: 'tokenType',
  access_token: 'accessToken',
  refresh_token: 'refreshToken',
  security_token: 'securityToken',
};

function backend(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

const memory = new Map<string, string>();

/** Local storage under the portal's keys (STORAGE_KEYS), in memory where storage is off. */
export const storage = {
  get(key: StorageKey): string | null {
    const store = backend();
    return store ? store.getItem(STORAGE_KEYS[key]) : (memory.get(key) ?? null);
  },
  set(key: StorageKey, value: string): void {
    const store = backend();
    if (store) store.setItem(STORAGE_KEYS[key], value);
    else memory.set(key, value);
  },
  remove(key: StorageKey): void {
    const store = backend();
    if (store) store.removeItem(STORAGE_KEYS[key]);
    else memory.delete(key);
  },
  /** Sign-out: forget everything but the chosen language. */
  clearAllButLanguage(): void {
    const store = backend();
    const lang = this.get('lang');
    if (store) store.clear();
    memory.clear();
    if (lang) this.set('lang', lang);
  },
};
