/**
 * WCAG 2.x contrast of theme colours: the one implementation the ops console's service form (as the
 * operator types) and the server (before a service's theme is stored) both run, so the browser never
 * accepts what the server would refuse; pure, in the contract so both halves of a plugin reach it. A failing pair is reported with its measured ratio and a
 * suggestion: the nearest colour of the same hue (mixed towards black or white) that passes.
 */

/** AA for normal text (WCAG 2.2, 1.4.3). */
export const AA_NORMAL = 4.5;

/** An sRGB colour, channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** The colour tokens a check reads (themes/tokens.ts names them). */
export type ThemeColors = Record<string, string | undefined>;

/**
 * The pairs the login page draws text with: which token is the text, which its background, what
 * the pair is for. Each must reach AA: button text on the primary colour (and its hover), links
 * and error text on the card and the page, body text on both.
 */
export const CONTRAST_PAIRS = [
  { id: 'buttonText', fg: 'primaryText', bg: 'primary' },
  { id: 'buttonHoverText', fg: 'primaryText', bg: 'primaryHover' },
  { id: 'linkOnCard', fg: 'primary', bg: 'surface' },
  { id: 'linkOnPage', fg: 'primary', bg: 'background' },
  { id: 'errorOnCard', fg: 'danger', bg: 'surface' },
  { id: 'textOnCard', fg: 'text', bg: 'surface' },
  { id: 'textOnPage', fg: 'text', bg: 'background' },
  { id: 'mutedOnCard', fg: 'textMuted', bg: 'surface' },
] as const;

/** The name of a pair of CONTRAST_PAIRS (what it is for: `buttonText`, `linkOnCard`, …). */
export type ContrastPairId = (typeof CONTRAST_PAIRS)[number]['id'];

/** A pair below AA: its tokens and colours, the measured ratio, and a foreground that passes (null when the colour could not be read). */
export interface ContrastProblem {
  pair: ContrastPairId;
  fg: string;
  bg: string;
  fgColor: string;
  bgColor: string;
  /** Rounded down to two decimals, so a shown 4.49 never passes. */
  ratio: number | null;
  /** A `#rrggbb` that passes: near the text colour, or (when no text colour passes on every background it is drawn on) near the background; null when none could be made. */
  suggestion: string | null;
  /** Which token the suggestion replaces. */
  suggestionFor: 'fg' | 'bg';
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function channel(value: string, max: number): number | null {
  const v = value.trim();
  if (!v) return null;
  const n = v.endsWith('%') ? (Number(v.slice(0, -1)) / 100) * max : Number(v);
  return Number.isFinite(n) ? clamp(n, 0, max) : null;
}

function alpha(value: string | undefined): number | null {
  if (value === undefined) return 1;
  const v = value.trim();
  const n = v.endsWith('%') ? Number(v.slice(0, -1)) / 100 : Number(v);
  return Number.isFinite(n) ? clamp(n, 0, 1) : null;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** Arguments of `fn(…)`, comma or space separated, with an optional `/ alpha`. */
function args(inner: string): { parts: string[]; alpha?: string } | null {
  const [main, slashAlpha, extra] = inner.split('/');
  if (extra !== undefined || main === undefined) return null;
  const parts = main.includes(',') ? main.split(',') : main.trim().split(/\s+/);
  if (slashAlpha !== undefined) return parts.length === 3 ? { parts, alpha: slashAlpha } : null;
  if (parts.length === 4) return { parts: parts.slice(0, 3), alpha: parts[3]! };
  return parts.length === 3 ? { parts } : null;
}

/** A CSS colour as the theme shape takes it (hex, rgb(), hsl(), transparent); null for what cannot be measured here (oklch, lab, currentColor). */
export function parseColor(css: string): Rgba | null {
  const value = css.trim().toLowerCase();
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: full.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^(rgba?|hsla?)\(([^()]*)\)$/.exec(value);
  if (!fn) return null;
  const parsed = args(fn[2]!);
  if (!parsed) return null;
  const a = alpha(parsed.alpha);
  if (a === null) return null;
  if (fn[1]!.startsWith('rgb')) {
    const [r, g, b] = parsed.parts.map((p) => channel(p, 255));
    return r == null || g == null || b == null ? null : { r, g, b, a };
  }
  const h = Number(parsed.parts[0]!.replace(/deg$/, ''));
  const s = channel(parsed.parts[1]!, 1);
  const l = channel(parsed.parts[2]!, 1);
  if (!Number.isFinite(h) || s === null || l === null || !parsed.parts[1]!.trim().endsWith('%') || !parsed.parts[2]!.trim().endsWith('%')) return null;
  const [r, g, b] = hslToRgb(((h % 360) + 360) % 360, s, l);
  return { r, g, b, a };
}

/** `top` painted over an opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour. */
export function luminance(c: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** Contrast ratio (1–21) of two colours; a translucent background lies on white, a translucent text on its background. */
export function contrastRatio(fg: Rgba, bg: Rgba): number {
  const back = bg.a < 1 ? over(bg, WHITE) : bg;
  const front = fg.a < 1 ? over(fg, back) : fg;
  const [hi, lo] = [luminance(front), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** An opaque `#rrggbb` of a colour (alpha dropped, channels rounded). */
export function toHex(c: Rgba): string {
  const h = (v: number) => Math.round(clamp(v, 0, 255)).toString(16).padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}

function mixTowards(c: Rgba, target: number, t: number): Rgba {
  return { r: c.r + (target - c.r) * t, g: c.g + (target - c.g) * t, b: c.b + (target - c.b) * t, a: 1 };
}

/**
 * The nearest colour to `fg` (mixed towards black or towards white, whichever needs less) that
 * reaches `min` against `bg`, as #rrggbb; null when neither direction gets there.
 */
export function suggestColor(fg: Rgba, bg: Rgba, min = AA_NORMAL): string | null {
  const back = bg.a < 1 ? over(bg, WHITE) : bg;
  const start = fg.a < 1 ? over(fg, back) : fg;
  let best: { t: number; hex: string } | null = null;
  for (const target of [0, 255]) {
    if (contrastRatio(mixTowards(start, target, 1), back) < min) continue;
    // Contrast grows monotonically along the mix once past the background's luminance: bisect the smallest step.
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (contrastRatio(mixTowards(start, target, mid), back) >= min) hi = mid;
      else lo = mid;
    }
    // Rounding to whole channels can drop below the line: step on until the hex itself passes.
    let t = hi;
    let hex = toHex(mixTowards(start, target, t));
    while (t < 1 && contrastRatio(parseColor(hex)!, back) < min) {
      t = Math.min(1, t + 0.005);
      hex = toHex(mixTowards(start, target, t));
    }
    if (contrastRatio(parseColor(hex)!, back) >= min && (!best || t < best.t)) best = { t, hex };
  }
  return best?.hex ?? null;
}

/** The ratio as shown and judged: rounded down to two decimals. */
export function shownRatio(ratio: number): number {
  return Math.floor(ratio * 100) / 100;
}

/**
 * Every pair of `colors` (the base theme's colours with the service's overrides on top) below AA.
 * A colour that cannot be measured (oklch(), a token missing) is a problem too, without a ratio:
 * what cannot be checked is not taken.
 */
export function contrastProblems(colors: ThemeColors, min = AA_NORMAL): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const pair of CONTRAST_PAIRS) {
    const fgColor = colors[pair.fg] ?? '';
    const bgColor = colors[pair.bg] ?? '';
    const fg = parseColor(fgColor);
    const bg = seenAs(colors, pair.bg);
    if (!fg || !bg) {
      problems.push({ pair: pair.id, fg: pair.fg, bg: pair.bg, fgColor, bgColor, ratio: null, suggestion: null, suggestionFor: 'fg' });
      continue;
    }
    const ratio = shownRatio(contrastRatio(fg, bg));
    if (ratio < min) {
      // The text's colour first; where no text colour passes on all its grounds, the ground's.
      const forText = suggestionFor(colors, pair.fg, fg, min);
      const suggestion = forText ?? suggestionFor(colors, pair.bg, bg, min);
      problems.push({ pair: pair.id, fg: pair.fg, bg: pair.bg, fgColor, bgColor, ratio, suggestion, suggestionFor: forText ? 'fg' : 'bg' });
    }
  }
  return problems;
}

/**
 * A ground as the page shows it: a see-through colour over what it is drawn on (a button on the card,
 * the card on the page, the page on white), not over white (attack review of issue 28: a transparent
 * button hover over a black card passed as white).
 */
function seenAs(colors: ThemeColors, token: string, depth = 0): Rgba | null {
  const color = parseColor(colors[token] ?? '');
  if (!color || color.a >= 1) return color;
  const under = token === 'background' || depth > 2 ? WHITE : seenAs(colors, token === 'surface' ? 'background' : 'surface', depth + 1);
  return under ? over(color, under) : null;
}

/**
 * A colour for `token` that passes against every colour it is paired with, as text or as the
 * ground (the primary under button text and as links on the card and the page): the suggestion
 * against the first pairing that fails, again from there until all pass. Null when none is found.
 */
function suggestionFor(colors: ThemeColors, token: string, start: Rgba, min: number): string | null {
  const others = CONTRAST_PAIRS.flatMap((p) => (p.fg === token ? [p.bg] : p.bg === token ? [p.fg] : [])).map((other) => parseColor(colors[other] ?? ''));
  if (others.some((o) => o === null)) return null;
  let current = start;
  for (let round = 0; round < 4; round++) {
    const failing = others.find((o) => shownRatio(contrastRatio(current, o!)) < min);
    if (!failing) return toHex(current);
    const next = suggestColor(current, failing, min);
    if (!next) return null;
    current = parseColor(next)!;
  }
  return others.every((o) => shownRatio(contrastRatio(current, o!)) >= min) ? toHex(current) : null;
}

/** The colours a service's login page uses: the base theme's, then the service's overrides. */
export function effectiveColors(base: ThemeColors, overrides: ThemeColors | undefined): ThemeColors {
  const colors: ThemeColors = { ...base };
  for (const [token, value] of Object.entries(overrides ?? {})) if (typeof value === 'string' && value.trim()) colors[token] = value.trim();
  return colors;
}
