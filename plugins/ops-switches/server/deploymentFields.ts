/**
 * The fields of a deployment config besides its plugin switches (the redirect allow-list, the
 * official hosts, the API bases, the theme, a region's own non-plugin keys) that differ between two
 * documents. They decide where users are sent and what the page trusts, so changing them needs the
 * `deployment` permission (admins), on the server; the page says so before anyone presses Apply.
 * Pure: the apply, the restore and the preview (which the page shows) read it alike.
 */
type Doc = Record<string, unknown>;

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deeper than any config may nest (the config check refuses past 24 levels). */
const MAX_DEPTH = 32;
class TooDeep extends Error {}

/** JSON with object keys sorted, so that key order alone is no change. */
function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (isDoc(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k], depth + 1)}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** Whether two values differ; one nested past any config's depth counts as changed (the config check refuses it anyway). */
function differ(a: unknown, b: unknown): boolean {
  try {
    return canonical(a) !== canonical(b);
  } catch (err) {
    if (err instanceof TooDeep) return true;
    throw err;
  }
}

/** The document without its switches, flat: `allowedRedirects`, `regions.Use.theme`, `$schema` (served and exported too), … */
function withoutSwitches(body: unknown): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (!isDoc(body)) return fields;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'plugins') continue;
    if (key !== 'regions' || !isDoc(value)) {
      fields.set(key, value);
      continue;
    }
    for (const [region, override] of Object.entries(value)) {
      if (!isDoc(override)) fields.set(`regions.${region}`, override);
      else for (const [name, v] of Object.entries(override)) if (name !== 'plugins') fields.set(`regions.${region}.${name}`, v);
    }
  }
  return fields;
}

/** The fields besides the switches that `after` changes from `before`, sorted. */
export function deploymentFieldChanges(before: unknown, after: unknown): string[] {
  const [a, b] = [withoutSwitches(before), withoutSwitches(after)];
  return [...new Set([...a.keys(), ...b.keys()])].filter((key) => differ(a.get(key), b.get(key))).sort();
}
