/**
 * The fields of a deployment config besides its plugin switches (the redirect allow-list, the
 * official hosts, the API bases, the theme, a region's own non-plugin keys) that differ between two
 * documents. They decide where users are sent and what the page trusts, so changing them needs the
 * `deployment` permission (admins), on the server; the page says so before anyone presses Apply.
 * Pure: the apply, the restore and the preview (which the page shows) read it alike.
 */
type Doc = Record<string, unknown>;

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with object keys sorted, so that key order alone is no change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isDoc(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The document without its switches, flat: `allowedRedirects`, `regions.Use.theme`, … (`$schema` is the editor's, not the portal's). */
function withoutSwitches(body: unknown): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (!isDoc(body)) return fields;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'plugins' || key === '$schema') continue;
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
  return [...new Set([...a.keys(), ...b.keys()])].filter((key) => canonical(a.get(key)) !== canonical(b.get(key))).sort();
}
