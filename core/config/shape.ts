/**
 * Config shapes: a small validator for the deployment config and the plugins' `configSchema`.
 * It runs at start-up, so it is on /login; yup (about 12 KB gzip) stays with the lazy forms.
 *
 * A shape checks a JSON value, fills in defaults and returns the value typed as
 * `Infer<typeof shape>`. A problem is a ShapeError with the field's dotted path; a mistyped field
 * or key names the closest known one ("did you mean"). `parse` throws the first problem,
 * `parseAll` returns every one (three typos, three problems). Every shape also describes itself
 * as JSON Schema, so config/schema.json is generated, never kept by hand.
 */
import { closestName, hint } from './suggest';

/** A config value that breaks its shape: the field's dotted path and the message. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';

  constructor(
    /** Dotted path of the field ('api.regions.Euw', 'slides[0].link'); '' for the value itself. */
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON Schema (draft 2020-12) fragment. */
export type JsonSchema = { [keyword: string]: unknown };

/** A config shape: checks a JSON value, fills in defaults, returns it typed as `T`, and describes itself as JSON Schema. */
export interface Shape<T> {
  /**
   * Check `value`, found at `path`, fill in defaults and return it. Without `problems` the first
   * problem throws a ShapeError; with it, every problem is added to it (in the order `parse` would
   * meet them) and what comes back is to be dropped when any was (see `parseAll`).
   */
  parse(value: unknown, path?: string, problems?: ShapeError[]): T;
  /** What `parse` accepts, as JSON Schema (editors complete configs from it). */
  schema(): JsonSchema;
  /** The field must be given: no default, not optional. */
  readonly required: boolean;
}

/** A field its object may lack: absent, it stays absent. */
export interface OptionalShape<T> extends Shape<T | undefined> {
  readonly optional: true;
}

/** The type a shape's `parse` returns: `Infer<typeof configSchema>`. */
export type Infer<S> = S extends Shape<infer T> ? T : never;

/** Options every shape takes: a default, optional, one more test, a description. */
export interface Options<T> {
  /** Used when the field is absent; it gets the same checks as a given value. */
  default?: T;
  /** The field may be absent (and then stays absent). */
  optional?: boolean;
  /** One more rule: the message when `value` breaks it, else null (see `matches`). */
  test?: (value: T) => string | null;
  /** Shown by editors next to the field (JSON Schema `description`). */
  description?: string;
}

/** Options with `optional` typed as given, so `optional: true` makes an OptionalShape. */
type With<O, Opt extends boolean> = O & { optional?: Opt };
type Built<T, Opt extends boolean> = Opt extends true ? OptionalShape<T> : Shape<T>;

function fail(path: string, message: string): never {
  throw new ShapeError(path, message);
}

/** A field's path in a message; a key of absurd length is cut short (a message repeats it, an answer carries it). */
const child = (path: string, key: string) => {
  const shown = key.length > 100 ? `${key.slice(0, 100)}…` : key;
  return path ? `${path}.${shown}` : shown;
};

/**
 * Every problem of `value`, in order; `parse` throws only the first. With none, `value` is the
 * parsed one; with some, what passed (a part that failed is left out), or undefined.
 */
export function parseAll<T>(shape: Shape<T>, value: unknown): { value: T | undefined; problems: ShapeError[] } {
  const problems: ShapeError[] = [];
  return { value: shape.parse(value, '', problems), problems };
}

/**
 * What every shape shares: absence (required, default or optional), then its check, then `test`.
 * A check fails its own value by throwing; a container (object, array, record) hands `problems`
 * to its parts, so one part's problem leaves its siblings checked.
 */
function define<T, Opt extends boolean>(
  opts: Options<T> | undefined,
  check: (value: unknown, path: string, problems: ShapeError[]) => T,
  schemaOf: () => JsonSchema,
): Built<T, Opt> {
  const parse = (value: unknown, path = '', problems?: ShapeError[]): T | undefined => {
    if (!problems) {
      const found: ShapeError[] = [];
      const result = parse(value, path, found);
      if (found.length) throw found[0];
      return result;
    }
    const before = problems.length;
    try {
      if (value === undefined) {
        if (opts?.default !== undefined) value = opts.default;
        else if (opts?.optional) return undefined;
        else fail(path, 'is required');
      }
      const result = check(value, path, problems);
      // A value whose parts failed is not tested as a whole (its list may be short of an item).
      const problem = problems.length === before && opts?.test?.(result);
      if (problem) fail(path, problem);
      return result;
    } catch (err) {
      if (!(err instanceof ShapeError)) throw err;
      problems.push(err);
      return undefined;
    }
  };
  const schema = (): JsonSchema => ({
    ...schemaOf(),
    ...(opts?.default !== undefined ? { default: opts.default } : {}),
    ...(opts?.description ? { description: opts.description } : {}),
  });
  const required = opts?.default === undefined && !opts?.optional;
  // Built<T, Opt> is Shape<T>, or OptionalShape<T> exactly when opts.optional is true.
  return { parse, schema, required, optional: opts?.optional === true } as unknown as Built<T, Opt>;
}

/** A `test` that the string matches `pattern` (which the JSON Schema carries too, for editors). */
export function matches(pattern: RegExp, message: string): ((value: string) => string | null) & { pattern: string } {
  // JSON Schema patterns have no flags: a flagged pattern is checked here only.
  return Object.assign((value: string) => (pattern.test(value) ? null : message), { pattern: pattern.flags ? '' : pattern.source });
}

/** A string; when required (no default, not optional), an empty string counts as absent. */
export function string<Opt extends boolean = false>(opts?: With<Options<string>, Opt>): Built<string, Opt> {
  return define(opts, (value, path) => {
    if (typeof value !== 'string') fail(path, 'must be a string');
    if (!value && opts?.default === undefined && !opts?.optional) fail(path, 'is required');
    return value;
  }, () => {
    const pattern = (opts?.test as { pattern?: unknown } | undefined)?.pattern;
    return { type: 'string', ...(typeof pattern === 'string' && pattern ? { pattern } : {}) };
  });
}

/** A finite number. */
export function number<Opt extends boolean = false>(opts?: With<Options<number>, Opt>): Built<number, Opt> {
  return define(opts, (value, path) => (typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'must be a number')), () => ({ type: 'number' }));
}

/** true or false. */
export function boolean<Opt extends boolean = false>(opts?: With<Options<boolean>, Opt>): Built<boolean, Opt> {
  return define(opts, (value, path) => (typeof value === 'boolean' ? value : fail(path, 'must be true or false')), () => ({ type: 'boolean' }));
}

/** One of the listed strings, typed as their union. */
export function oneOf<const V extends string, Opt extends boolean = false>(values: readonly V[], opts?: With<Options<NoInfer<V>>, Opt>): Built<V, Opt> {
  return define(
    opts,
    (value, path) => {
      if ((values as readonly unknown[]).includes(value)) return value as V;
      const close = typeof value === 'string' ? closestName(value, values) : null;
      return fail(path, `must be one of ${values.join(', ')}${close ? `; did you mean '${close}'?` : ''}`);
    },
    () => ({ enum: [...values] }),
  );
}

/** A list whose items each have the shape `item`. */
export function array<T, Opt extends boolean = false>(item: Shape<T>, opts?: With<Options<NoInfer<T>[]>, Opt>): Built<T[], Opt> {
  return define(opts, (value, path, problems) => {
    if (!Array.isArray(value)) fail(path, 'must be a list');
    const items: readonly unknown[] = value;
    return items.map((v, i) => item.parse(v, `${path}[${i}]`, problems));
  }, () => ({ type: 'array', items: item.schema() }));
}

function plainObject(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  return value as Record<string, unknown>;
}

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F> = { [K in keyof F]: F[K] extends { optional: true } ? K : never }[keyof F];
/** The object a set of fields gives: optional fields become optional keys. */
export type ObjectOf<F extends Fields> = {
  -readonly [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]>;
} & {
  -readonly [K in OptionalKeys<F>]?: Exclude<Infer<F[K]>, undefined>;
} extends infer R
  ? { [K in keyof R]: R[K] }
  : never;

/** Options of `object()`: those of every shape, and whether unknown fields are refused. */
export interface ObjectOptions<T> extends Options<T> {
  /** Refuse fields the shape does not name (a typo in a config fails loudly); else they pass through. */
  noUnknown?: boolean;
}

/** An object with named fields. */
export function object<F extends Fields, Opt extends boolean = false>(fields: F, opts?: With<ObjectOptions<ObjectOf<NoInfer<F>>>, Opt>): Built<ObjectOf<F>, Opt> {
  return define(opts, (value, path, problems) => {
    const input = plainObject(value, path);
    for (const key of Object.keys(input)) {
      if (opts?.noUnknown && !Object.hasOwn(fields, key)) problems.push(new ShapeError(child(path, key), `is not a known field; ${hint(key, Object.keys(fields))}`));
    }
    const result: Record<string, unknown> = opts?.noUnknown ? {} : { ...input };
    for (const [key, field] of Object.entries(fields)) {
      const parsed = field.parse(input[key], child(path, key), problems);
      if (parsed !== undefined) result[key] = parsed;
    }
    return result as ObjectOf<F>;
  }, () => ({
    type: 'object',
    ...(Object.values(fields).some((f) => f.required) ? { required: Object.keys(fields).filter((k) => fields[k]!.required) } : {}),
    ...(opts?.noUnknown ? { additionalProperties: false } : {}),
    properties: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema()])),
  }));
}

/** Options of `record()`: those of every shape, and the keys allowed. */
export interface RecordOptions<T> extends Options<Record<string, T>> {
  /** The keys allowed (plugin ids, region codes), and what a key is, for the message. Keys are checked before values. */
  keys?: { allowed: readonly string[]; noun: string };
}

/** An object whose keys are free (plugin ids, region codes) and whose values share one shape. */
export function record<T, Opt extends boolean = false>(item: Shape<T>, opts?: With<RecordOptions<NoInfer<T>>, Opt>): Built<Record<string, T>, Opt> {
  return define(opts, (value, path, problems) => {
    const keys = opts?.keys;
    // Keys first; a value under a key that is not allowed is not checked (its key is the mistake).
    const entries = Object.entries(plainObject(value, path)).filter(([key]) => {
      if (!keys || keys.allowed.includes(key)) return true;
      problems.push(new ShapeError(child(path, key), `is not ${keys.noun}; ${hint(key, keys.allowed)}`));
      return false;
    });
    return Object.fromEntries(entries.map(([key, v]) => [key, item.parse(v, child(path, key), problems)]));
  }, () => ({
    type: 'object',
    ...(opts?.keys ? { propertyNames: { enum: [...opts.keys.allowed] } } : {}),
    additionalProperties: item.schema(),
  }));
}

/**
 * Any object, returned as it is: its contents are someone else's to check (a plugin's own
 * config block, theme overrides). `T` is what the caller vouches it holds.
 */
export function anyObject<T extends object = Record<string, unknown>>(opts: Options<NoInfer<T>> & { optional: true }): OptionalShape<NoInfer<T>>;
export function anyObject<T extends object = Record<string, unknown>>(opts?: Options<NoInfer<T>>): Shape<NoInfer<T>>;
export function anyObject<T extends object>(opts?: Options<T>): Shape<T> {
  // Overloads rather than With<>: `anyObject<ThemeOverrides>({ optional: true })` names T, so Opt could not be inferred.
  return define<T, false>(opts, (value, path) => plainObject(value, path) as T, () => ({ type: 'object' }));
}
