/**
 * The depth of a page's request chain: how many round trips must happen one after another
 * before something shows.
 *
 * Depth of a request = 1 + the depth of what it had to wait for, where that is
 * - the resource whose markup or code asked for it (the initiator: the document or a stylesheet
 *   for the parser and preload hints, the script of the top stack frame for a script's request), and
 * - for a request a script made, every data request (fetch/XHR) that had already finished when it
 *   was sent: a script that awaits `/api/logged` before importing a view makes that view one trip
 *   deeper than the call, which the initiator alone does not show. This errs on the long side (a
 *   request that merely left late counts as waiting), so a chain it passes is no deeper than it says.
 * The document is depth 1 (its redirects do not add: they are the same navigation's trip).
 */

export interface RecordedRequest {
  id: string;
  url: string;
  /** CDP resource type: Document, Script, Fetch, XHR, Stylesheet, Image, … */
  type: string;
  /** Monotonic seconds when it was sent, and when its response ended (undefined: still loading). */
  sentAt: number;
  endedAt?: number;
  initiator: { type: string; url?: string };
}

const DATA = new Set(['Fetch', 'XHR']);

/** Depth of every request (by id), in the order they were sent. */
export function chainDepths(requests: readonly RecordedRequest[]): Map<string, number> {
  const ordered = [...requests].sort((a, b) => a.sentAt - b.sentAt);
  const depths = new Map<string, number>();
  // The depth of the latest request for a URL: what an initiator URL points at.
  const byUrl = new Map<string, number>();
  for (const req of ordered) {
    let parent = 0;
    if (req.type !== 'Document' && req.initiator.url) parent = byUrl.get(req.initiator.url) ?? 1;
    else if (req.type !== 'Document') parent = 1;
    if (req.initiator.type === 'script') {
      for (const other of ordered) {
        if (other.sentAt >= req.sentAt) break;
        if (DATA.has(other.type) && other.endedAt !== undefined && other.endedAt <= req.sentAt) parent = Math.max(parent, depths.get(other.id) ?? 0);
      }
    }
    const depth = req.type === 'Document' ? 1 : parent + 1;
    depths.set(req.id, depth);
    byUrl.set(req.url, depth);
  }
  return depths;
}

export function chainDepth(requests: readonly RecordedRequest[]): number {
  let deepest = 0;
  for (const depth of chainDepths(requests).values()) deepest = Math.max(deepest, depth);
  return deepest;
}
