/**
 * The changes between two JSON documents, field by field: objects are walked key by key, anything
 * else (arrays included: a list of redirect URIs or hosts reads best whole) is compared whole. What
 * the console shows before an operator applies a version, and what each stored version records.
 */
import type { JsonChange } from '../../core/contract/configVersions';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false; // too deep to write out: taken as changed
  }
}

/** A key as a path segment: dotted where plain, quoted otherwise (`plugins["my.plugin"]`). */
function join(path: string, key: string): string {
  const segment = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : `[${JSON.stringify(key)}]`;
  return !path ? segment : segment.startsWith('[') ? `${path}${segment}` : `${path}.${segment}`;
}

/** Deeper than a checked config goes (configChecks.ts MAX_DEPTH): a row older code wrote is not walked to the end of the stack. */
const MAX_DEPTH = 32;

export function jsonDiff(before: unknown, after: unknown, path = '', depth = 0): JsonChange[] {
  if (depth > MAX_DEPTH) return [{ path: `${path} (too deep to compare)` }];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const inBefore = Object.prototype.hasOwnProperty.call(before, key);
      const inAfter = Object.prototype.hasOwnProperty.call(after, key);
      const at = join(path, key);
      if (!inBefore) return [{ path: at, after: after[key] }];
      if (!inAfter) return [{ path: at, before: before[key] }];
      return jsonDiff(before[key], after[key], at, depth + 1);
    });
  }
  return same(before, after) ? [] : [{ path: path || '(document)', before, after }];
}
