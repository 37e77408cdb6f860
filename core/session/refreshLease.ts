/**
 * One token refresh across tabs when the browser has no Web Locks: a short lease in local
 * storage. A tab takes the lease (writes it, lets other tabs' writes land, reads it back), refreshes
 * and frees it, renewing it meanwhile; a tab that finds another's live lease waits for it to be
 * freed, then finds the refreshed token in storage and replays with it. A lease left by a tab that
 * died or slept expires. Storage is not atomic: each tab's copy learns another tab's write late (a loaded
 * 2-core CI machine saw two refreshes with 25 ms), so a tab reads its claim back only after `settleMs`, when both
 * copies agree on the last write. Should a write take longer still, both tabs refresh: the server's
 * reuse grace gives them the same pair (server/domain/sessions.ts), so neither is signed out.
 */
export interface LeaseStore {
  read(): string | null;
  write(value: string | null): void;
}

export interface LeaseOptions {
  tabId: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a lease holds without being freed or renewed (a refresh normally takes well under a second). */
  leaseMs?: number;
  /** How long a tab waits for a lease that keeps being renewed before it takes it anyway (default twice `leaseMs`). */
  giveUpMs?: number;
  /** How long a claim is left to reach the other tabs before it is read back. */
  settleMs?: number;
}

const POLL_MS = 40;
/** Only browsers without Web Locks pay this, once per refresh. */
export const LEASE_SETTLE_MS = 150;

function owner(value: string | null, now: number): string | null {
  const match = value ? /^(.+):(\d+)$/.exec(value) : null;
  return match && Number(match[2]) > now ? match[1]! : null;
}

/** `run` learns whether another tab held the lease first (and so probably refreshed). */
export async function withRefreshLease<T>(store: LeaseStore, options: LeaseOptions, run: (waited: boolean) => Promise<T>): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const leaseMs = options.leaseMs ?? 5000;
  const giveUpAt = now() + (options.giveUpMs ?? 2 * leaseMs);
  let waited = false;
  for (;;) {
    const holder = owner(store.read(), now());
    if (holder && holder !== options.tabId) {
      waited = true;
      if (now() > giveUpAt) break; // a stuck lease must not block this tab for good
      await sleep(POLL_MS);
      continue;
    }
    store.write(`${options.tabId}:${now() + leaseMs}`);
    await sleep(options.settleMs ?? LEASE_SETTLE_MS);
    if (owner(store.read(), now()) === options.tabId) break;
  }
  // Renewed while `run` lasts: a refresh that waits out a 429 keeps the other tabs waiting for it.
  const renew = setInterval(() => {
    if (owner(store.read(), now()) === options.tabId) store.write(`${options.tabId}:${now() + leaseMs}`);
  }, leaseMs / 2);
  try {
    return await run(waited);
  } finally {
    clearInterval(renew);
    if (owner(store.read(), now()) === options.tabId) store.write(null);
  }
}
