import { describe, expect, it } from 'vitest';
import { contrastProblems, contrastRatio, effectiveColors, parseColor, shownRatio, suggestColor } from './contrast';

const DEFAULT_COLORS = {
  primary: '#0b57d0',
  primaryHover: '#0842a0',
  primaryText: '#ffffff',
  text: '#1f1f1f',
  textMuted: '#5f6368',
  background: '#f6f8fc',
  surface: '#ffffff',
  danger: '#b3261e',
};

const rgb = (css: string) => parseColor(css)!;

describe('parseColor', () => {
  it('reads hex of 3, 4, 6 and 8 digits', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#0b57d0')).toEqual({ r: 11, g: 87, b: 208, a: 1 });
    expect(parseColor('#0008')).toEqual({ r: 0, g: 0, b: 0, a: 0x88 / 255 });
    expect(parseColor('#00000080')!.a).toBeCloseTo(0.5, 2);
  });

  it('reads rgb(), rgba() and hsl() in comma and space syntax', () => {
    expect(parseColor('rgb(11, 87, 208)')).toEqual({ r: 11, g: 87, b: 208, a: 1 });
    expect(parseColor('rgba(0, 0, 0, 0.45)')).toEqual({ r: 0, g: 0, b: 0, a: 0.45 });
    expect(parseColor('rgb(0 0 0 / 50%)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(toRounded(parseColor('hsl(0, 100%, 50%)')!)).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(toRounded(parseColor('hsl(120deg 100% 25%)')!)).toEqual({ r: 0, g: 128, b: 0, a: 1 });
  });

  it('refuses what it cannot measure', () => {
    for (const css of ['oklch(0.5 0.1 200)', 'currentColor', 'red', '#12345', 'rgb(1,2)', 'hsl(10, 20, 30)', 'rgb(1 2 3 / 1 / 2)']) expect(parseColor(css)).toBeNull();
  });
});

function toRounded(c: { r: number; g: number; b: number; a: number }) {
  return { r: Math.round(c.r), g: Math.round(c.g), b: Math.round(c.b), a: c.a };
}

describe('contrastRatio', () => {
  it('gives the known ratios: black on white 21, white on white 1, #777 on white about 4.48', () => {
    expect(contrastRatio(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#fff'), rgb('#fff'))).toBe(1);
    expect(shownRatio(contrastRatio(rgb('#777777'), rgb('#ffffff')))).toBe(4.47);
    // The same either way round.
    expect(contrastRatio(rgb('#fff'), rgb('#0b57d0'))).toBeCloseTo(contrastRatio(rgb('#0b57d0'), rgb('#fff')), 10);
  });

  it('paints a translucent text over its background, and a translucent background over white', () => {
    expect(contrastRatio(rgb('rgba(0,0,0,0)'), rgb('#fff'))).toBe(1);
    expect(contrastRatio(rgb('#000'), rgb('transparent'))).toBeCloseTo(21, 5);
  });

  it('rounds the shown ratio down, so 4.499 is not shown as 4.5', () => {
    expect(shownRatio(4.4999)).toBe(4.49);
    expect(shownRatio(4.5)).toBe(4.5);
  });
});

describe('suggestColor', () => {
  it('suggests a passing colour of the same hue, close to the one given', () => {
    const suggestion = suggestColor(rgb('#ff8a80'), rgb('#ffffff'))!;
    expect(contrastRatio(rgb(suggestion), rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5);
    // Darker, still reddish: red the largest channel.
    const s = rgb(suggestion);
    expect(s.r).toBeGreaterThan(s.g);
    expect(s.r).toBeGreaterThan(s.b);
    expect(s.r).toBeLessThan(0xff);
  });

  it('lightens on a dark background', () => {
    const suggestion = suggestColor(rgb('#333333'), rgb('#111111'))!;
    expect(luminanceOrder(suggestion, '#333333')).toBe('lighter');
    expect(contrastRatio(rgb(suggestion), rgb('#111111'))).toBeGreaterThanOrEqual(4.5);
  });

  it('gives none when no text colour can pass (a mid grey background at 21:1)', () => {
    expect(suggestColor(rgb('#777'), rgb('#777'), 21)).toBeNull();
  });
});

function luminanceOrder(a: string, b: string): 'lighter' | 'darker' {
  const sum = (c: string) => rgb(c).r + rgb(c).g + rgb(c).b;
  return sum(a) > sum(b) ? 'lighter' : 'darker';
}

describe('contrastProblems', () => {
  it('passes the default theme', () => {
    expect(contrastProblems(DEFAULT_COLORS)).toEqual([]);
  });

  it('reports a light primary: button text on it, links on the card and the page, each with its ratio and a passing suggestion', () => {
    const problems = contrastProblems(effectiveColors(DEFAULT_COLORS, { primary: '#7fb3ff' }));
    expect(problems.map((p) => p.pair)).toEqual(['buttonText', 'linkOnCard', 'linkOnPage']);
    const button = problems[0]!;
    expect(button).toMatchObject({ fg: 'primaryText', bg: 'primary', fgColor: '#ffffff', bgColor: '#7fb3ff' });
    expect(button.ratio).toBe(shownRatio(contrastRatio(rgb('#ffffff'), rgb('#7fb3ff'))));
    expect(button.ratio!).toBeLessThan(4.5);
    // Links: a darker blue, passing on the card and the page.
    for (const p of problems.slice(1)) {
      expect(p.suggestionFor).toBe('fg');
      expect(contrastRatio(rgb(p.suggestion!), rgb(p.bgColor))).toBeGreaterThanOrEqual(4.5);
    }
    // White text cannot pass on both the light primary and its dark hover: the primary itself is what to change.
    expect(button.suggestionFor).toBe('bg');
    // Taken, it passes every pair the primary is in: under the button text and as links.
    expect(contrastProblems(effectiveColors(DEFAULT_COLORS, { primary: button.suggestion! }))).toEqual([]);
  });

  it('reports error text that is too light', () => {
    expect(contrastProblems(effectiveColors(DEFAULT_COLORS, { danger: '#ff6b6b' })).map((p) => p.pair)).toEqual(['errorOnCard']);
  });

  it('refuses a colour it cannot measure, without a ratio', () => {
    const [problem] = contrastProblems(effectiveColors(DEFAULT_COLORS, { danger: 'oklch(0.5 0.2 30)' }));
    expect(problem).toMatchObject({ pair: 'errorOnCard', ratio: null, suggestion: null });
  });

  it('takes overrides over the base, ignoring empty ones', () => {
    expect(effectiveColors({ primary: '#000' }, { primary: ' ', text: '#111 ' })).toEqual({ primary: '#000', text: '#111' });
  });
});

describe('suggestions for a text drawn on several backgrounds', () => {
  it("suggests a link colour that passes on the card and on the page, each pair's suggestion the same", () => {
    const problems = contrastProblems(effectiveColors(DEFAULT_COLORS, { primary: '#5c9bff', background: '#e8eefc' }));
    const links = problems.filter((p) => p.fg === 'primary');
    expect(links.map((p) => p.pair)).toEqual(['linkOnCard', 'linkOnPage']);
    expect(new Set(links.map((p) => p.suggestion)).size).toBe(1);
    const fixed = effectiveColors(DEFAULT_COLORS, { primary: links[0]!.suggestion!, background: '#e8eefc' });
    expect(contrastProblems(fixed).filter((p) => p.fg === 'primary')).toEqual([]);
  });
});

describe('a see-through ground', () => {
  it('is measured over what it is drawn on, not over white (attack review of issue 28)', () => {
    const dark = { background: '#000000', surface: '#000000', text: '#ffffff', textMuted: '#bbbbbb', primary: '#8ab4f8', primaryText: '#000000', danger: '#ff8a80' };
    const problems = contrastProblems({ ...dark, primaryHover: 'transparent' });
    expect(problems.map((p) => [p.pair, p.ratio])).toEqual([['buttonHoverText', 1]]);
    expect(contrastProblems({ ...dark, primaryHover: 'rgba(255, 255, 255, 0.05)' }).map((p) => p.pair)).toEqual(['buttonHoverText']);
    expect(contrastProblems({ ...dark, primaryHover: '#aecbfa' })).toEqual([]);
  });
});

