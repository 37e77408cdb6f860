import { describe, expect, expectTypeOf, it } from 'vitest';
import { anyObject, array, boolean, matches, object, oneOf, parseAll, record, ShapeError, string, type Infer, type Shape } from './shape';

/** The error a parse throws, as `path: message` (path '' for the value itself). */
function problem<T>(shape: Shape<T>, value: unknown): string {
  try {
    shape.parse(value);
  } catch (err) {
    if (err instanceof ShapeError) return `${err.path}: ${err.message}`;
    throw err;
  }
  throw new Error('parsed without a problem');
}

describe('string', () => {
  it('is required; an empty string counts as absent', () => {
    expect(string().parse('a')).toBe('a');
    expect(problem(string(), undefined)).toBe(': is required');
    expect(problem(string(), '')).toBe(': is required');
    expect(problem(string(), 3)).toBe(': must be a string');
    expect(problem(string(), null)).toBe(': must be a string');
  });

  it('optional: absent stays absent, an empty string is a value', () => {
    expect(string({ optional: true }).parse(undefined)).toBeUndefined();
    expect(string({ optional: true }).parse('')).toBe('');
  });

  it('default: fills an absent field only', () => {
    const shape = string({ default: '/' });
    expect(shape.parse(undefined)).toBe('/');
    expect(shape.parse('')).toBe('');
    expect(shape.parse('/x')).toBe('/x');
  });

  it('test: a custom rule with its own message, for given values and defaults', () => {
    const path = string({ default: '/token', test: matches(/^\//, 'must be a path') });
    expect(path.parse(undefined)).toBe('/token');
    expect(problem(path, 'token')).toBe(': must be a path');
    const short = string({ test: (v) => (v.length > 3 ? 'is too long' : null) });
    expect(problem(short, 'abcd')).toBe(': is too long');
    expect(string({ optional: true, test: matches(/^https:/, 'no') }).parse(undefined)).toBeUndefined();
  });
});

describe('boolean, oneOf', () => {
  it('boolean takes true or false only', () => {
    expect(boolean().parse(false)).toBe(false);
    expect(boolean({ default: true }).parse(undefined)).toBe(true);
    expect(problem(boolean(), 'true')).toBe(': must be true or false');
    expect(problem(boolean(), undefined)).toBe(': is required');
  });

  it('oneOf names the allowed values', () => {
    const variant = oneOf(['web', 'app'], { default: 'web' });
    expect(variant.parse('app')).toBe('app');
    expect(variant.parse(undefined)).toBe('web');
    expect(problem(variant, 'tv')).toBe(': must be one of web, app');
    expect(problem(oneOf(['a']), undefined)).toBe(': is required');
  });
});

describe('array', () => {
  it('checks every item and names it by index', () => {
    const list = array(string(), { default: [] });
    expect(list.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(list.parse(undefined)).toEqual([]);
    expect(problem(list, ['a', ''])).toBe('[1]: is required');
    expect(problem(list, 'a')).toBe(': must be a list');
  });

  it('gives every absent field a fresh default', () => {
    const list = array(string(), { default: [] });
    const first = list.parse(undefined);
    first.push('x');
    expect(list.parse(undefined)).toEqual([]);
  });
});

describe('object', () => {
  const shape = object({
    name: string(),
    note: string({ optional: true }),
    links: object({ help: string({ optional: true, test: matches(/^https:/, 'must be an https URL') }) }, { default: {} }),
    slides: array(object({ fileUrl: string() }), { default: [] }),
  });

  it('fills defaults, leaves absent optional fields out', () => {
    expect(shape.parse({ name: 'n' })).toEqual({ name: 'n', links: {}, slides: [] });
    expect(Object.keys(shape.parse({ name: 'n' }))).not.toContain('note');
  });

  it('names nested fields with dots and indexes', () => {
    expect(problem(shape, { name: 'n', links: { help: 'http://x' } })).toBe('links.help: must be an https URL');
    expect(problem(shape, { name: 'n', slides: [{ fileUrl: 'a' }, {}] })).toBe('slides[1].fileUrl: is required');
    expect(problem(shape, { links: {} })).toBe('name: is required');
    expect(problem(shape, ['n'])).toBe(': must be an object');
  });

  it('passes unknown fields through, or refuses them with noUnknown', () => {
    expect(shape.parse({ name: 'n', extra: 1 })).toMatchObject({ extra: 1 });
    const strict = object({ name: string() }, { noUnknown: true });
    expect(problem(strict, { name: 'n', colour: 'red', size: 2 })).toBe("colour: is not a known field; expected one of: name");
    expect(problem(strict, { nmae: 'n' })).toBe("nmae: is not a known field; did you mean 'name'?");
    expect(strict.parse({ name: 'n' })).toEqual({ name: 'n' });
  });

  it('reports unknown fields before the named ones', () => {
    const strict = object({ name: string() }, { noUnknown: true });
    expect(problem(strict, { colour: 'red' })).toBe('colour: is not a known field; expected one of: name');
  });

  it('runs a default object through its fields', () => {
    const theme = object({ name: string({ default: 'default' }), dark: boolean({ default: false }) }, { default: { name: 'default', dark: false } });
    expect(theme.parse(undefined)).toEqual({ name: 'default', dark: false });
    expect(theme.parse({})).toEqual({ name: 'default', dark: false });
  });
});

describe('record', () => {
  const switches = record(object({ enabled: boolean() }), { default: {}, keys: { allowed: ['sign-in', 'a'], noun: 'a plugin' } });

  it('checks keys first, then every value, named by its key', () => {
    expect(switches.parse({ 'sign-in': { enabled: true } })).toEqual({ 'sign-in': { enabled: true } });
    expect(switches.parse(undefined)).toEqual({});
    expect(problem(switches, { 'sign-inn': { enabled: 'no' } })).toBe("sign-inn: is not a plugin; did you mean 'sign-in'?");
    expect(problem(switches, { zzzzzz: { enabled: true } })).toBe('zzzzzz: is not a plugin; expected one of: sign-in, a');
    expect(problem(switches, { a: { enabled: 'no' } })).toBe('a.enabled: must be true or false');
    expect(problem(switches, [])).toBe(': must be an object');
  });
});

describe('anyObject', () => {
  it('takes any object as it is', () => {
    const block = { a: 1, nested: { b: [2] } };
    expect(anyObject().parse(block)).toBe(block);
    expect(anyObject({ optional: true }).parse(undefined)).toBeUndefined();
    expect(problem(anyObject(), 'x')).toBe(': must be an object');
    expect(problem(anyObject(), null)).toBe(': must be an object');
  });
});

describe('parseAll: every problem at once', () => {
  const list = (shape: Shape<unknown>, value: unknown) => parseAll(shape, value).problems.map((p) => `${p.path}: ${p.message}`);
  const config = object(
    {
      name: string(),
      hosts: array(string({ test: matches(/^[a-z.]+$/, 'must be a host name') }), { default: [], test: (h) => (h.length ? null : 'must list a host') }),
      plugins: record(object({ enabled: boolean() }, { noUnknown: true }), { default: {}, keys: { allowed: ['sign-in', 'mfa'], noun: 'a plugin' } }),
      variant: oneOf(['web', 'app'], { default: 'web' }),
    },
    { noUnknown: true },
  );

  it('names each problem with its path, in the order parse meets them, the first being the one parse throws', () => {
    const raw = { nmae: 'x', colour: 'red', hosts: ['a.example', 'B', 7], plugins: { 'sign-inn': { enabled: true }, mfa: { enabled: 'no', enable: true } }, variant: 'ap' };
    expect(list(config, raw)).toEqual([
      "nmae: is not a known field; did you mean 'name'?",
      'colour: is not a known field; expected one of: name, hosts, plugins, variant',
      'name: is required',
      'hosts[1]: must be a host name',
      'hosts[2]: must be a string',
      "plugins.sign-inn: is not a plugin; did you mean 'sign-in'?",
      "plugins.mfa.enable: is not a known field; did you mean 'enabled'?",
      'plugins.mfa.enabled: must be true or false',
      "variant: must be one of web, app; did you mean 'app'?",
    ]);
    expect(problem(config, raw)).toBe(list(config, raw)[0]);
  });

  it('tests a whole value only when its parts passed', () => {
    // The list's own test ('must list a host') is not asked of a list whose items failed.
    expect(list(config, { name: 'x', hosts: [7] })).toEqual(['hosts[0]: must be a string']);
    expect(list(config, { name: 'x', hosts: [] })).toEqual(['hosts: must list a host']);
  });

  it('returns the parsed value and no problem for a good one', () => {
    expect(parseAll(config, { name: 'x', hosts: ['a.example'] })).toEqual({ value: { name: 'x', hosts: ['a.example'], plugins: {}, variant: 'web' }, problems: [] });
  });

  it('stops at a value of the wrong kind: one problem, not one per field', () => {
    expect(list(config, 'x')).toEqual([': must be an object']);
    expect(list(config, { name: 'x', hosts: ['a.example'], plugins: [] })).toEqual(['plugins: must be an object']);
  });
});

describe('ShapeError', () => {
  it('is an Error with the path apart from the message', () => {
    const err = new ShapeError('a.b', 'is required');
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('ShapeError');
    expect([err.path, err.message]).toEqual(['a.b', 'is required']);
  });
});

describe('type inference', () => {
  it('infers required, optional and defaulted fields, literal unions and nesting', () => {
    const _shape = object({
      name: string(),
      note: string({ optional: true }),
      path: string({ default: '/' }),
      variant: oneOf(['web', 'app'], { default: 'web' }),
      hosts: array(string(), { default: [] }),
      plugins: record(object({ enabled: boolean(), config: anyObject({ optional: true }) })),
      theme: object({ overrides: anyObject<{ colors?: { primary?: string } }>({ optional: true }) }),
    });
    expectTypeOf<Infer<typeof _shape>>().toEqualTypeOf<{
      name: string;
      note?: string;
      path: string;
      variant: 'web' | 'app';
      hosts: string[];
      plugins: Record<string, { enabled: boolean; config?: Record<string, unknown> }>;
      theme: { overrides?: { colors?: { primary?: string } } };
    }>();
    expectTypeOf(string({ optional: true }).parse).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf(oneOf(['a', 'b']).parse).returns.toEqualTypeOf<'a' | 'b'>();
  });
});
