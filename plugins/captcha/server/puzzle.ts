/**
 * The slider puzzle as pixels: a textured, noisy scene with a jigsaw-shaped gap drawn into it
 * (and a fainter decoy of another shape), and a separate piece image cut from the same scene.
 *
 * Everything is derived from three secrets kept in the store and never sent: `targetX` (the
 * answer: where the piece image's left edge must go), `gapY` and a random `seed`. Per puzzle the
 * shape (tabs and blanks on each side, their place and size, corner radius), the shade and rim
 * of the gap, the gap's outline against the piece's (slightly larger or smaller, shifted by a
 * fraction of a pixel), where the piece sits in its image and the pixel offset its content is
 * cut from all vary. Both images have fixed dimensions — the background `width`×`height`, the
 * piece a `strip`×`height` band with the piece at its own height, transparent elsewhere — and a
 * fixed byte length (png.ts).
 */
import crypto from 'node:crypto';
import { encodePng } from './png';

export const PUZZLE = {
  width: 300,
  height: 160,
  /** Width of the piece image (a full-height band): the slider moves it by 0 … width − strip. */
  strip: 72,
  /** Side of the piece's square body; tabs reach up to 13 px beyond it. */
  body: 40,
  /** Range of the answer (left edge of the piece image when the piece fits the gap): 185 values. */
  minX: 40,
  maxX: 300 - 72 - 4,
  /** Range of the gap body's top edge. */
  minY: 14,
  maxY: 160 - 40 - 14,
} as const;

export interface PuzzleSecret {
  targetX: number;
  gapY: number;
  /** 64 hex digits. */
  seed: string;
}

export function newPuzzleSecret(): PuzzleSecret {
  return {
    targetX: crypto.randomInt(PUZZLE.minX, PUZZLE.maxX + 1),
    gapY: crypto.randomInt(PUZZLE.minY, PUZZLE.maxY + 1),
    seed: crypto.randomBytes(32).toString('hex'),
  };
}

type Rng = () => number;

/** sfc32 seeded from SHA-256(seed, purpose): one independent stream per purpose, reproducible per puzzle. */
function rng(seed: string, purpose: string): Rng {
  const h = crypto.createHash('sha256').update(seed).update('\0').update(purpose).digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

const between = (r: Rng, lo: number, hi: number) => lo + (hi - lo) * r();
const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

type Side = 'out' | 'in' | 'flat';
interface Tab {
  /** Circle centre and radius, in body coordinates (body = [0,size]²). */
  cx: number;
  cy: number;
  r: number;
  out: boolean;
}
export interface Shape {
  size: number;
  corner: number;
  tabs: Tab[];
}

/** A jigsaw shape: a rounded square with, per side, a tab, a blank or nothing (at least two of the former). */
function randomShape(r: Rng, size: number): Shape {
  let sides: Side[];
  do sides = [0, 1, 2, 3].map(() => pick<Side>(r, ['out', 'out', 'in', 'flat']));
  while (sides.filter((s) => s !== 'flat').length < 2);
  const tabs: Tab[] = [];
  sides.forEach((side, i) => {
    if (side === 'flat') return;
    const radius = between(r, 6, 8);
    const along = between(r, 0.38, 0.62) * size;
    const depth = radius * between(r, 0.45, 0.6) * (side === 'out' ? 1 : -1);
    // Sides: 0 top, 1 right, 2 bottom, 3 left; depth > 0 points outwards.
    const [cx, cy] = [
      [along, -depth],
      [size + depth, along],
      [along, size + depth],
      [-depth, along],
    ][i]!;
    tabs.push({ cx: cx!, cy: cy!, r: radius, out: side === 'out' });
  });
  return { size, corner: between(r, 2, 5), tabs };
}

/** The same shape, changed slightly: scaled by `scale`, tab radii moved by `dr`. */
function varied(shape: Shape, scale: number, dr: number): Shape {
  return {
    size: shape.size * scale,
    corner: shape.corner * scale,
    tabs: shape.tabs.map((t) => ({ cx: t.cx * scale, cy: t.cy * scale, r: Math.max(4, t.r * scale + dr), out: t.out })),
  };
}

function insideShape(s: Shape, u: number, v: number, inset: number): boolean {
  const lo = inset;
  const hi = s.size - inset;
  let inside = false;
  if (u >= lo && u <= hi && v >= lo && v <= hi) {
    // Rounded corners.
    const k = Math.max(0, s.corner - inset);
    const qx = u < lo + k ? lo + k - u : u > hi - k ? u - (hi - k) : 0;
    const qy = v < lo + k ? lo + k - v : v > hi - k ? v - (hi - k) : 0;
    inside = qx * qx + qy * qy <= k * k;
  }
  for (const t of s.tabs) {
    const dx = u - t.cx;
    const dy = v - t.cy;
    const d2 = dx * dx + dy * dy;
    if (t.out && !inside) {
      const rr = t.r - inset;
      if (rr > 0 && d2 <= rr * rr) inside = true;
    } else if (!t.out && inside) {
      const rr = t.r + inset;
      if (d2 <= rr * rr) inside = false;
    }
  }
  return inside;
}

/**
 * Share of pixel (x, y) (its square [x, x+1)²) inside the shape whose body starts at (ox, oy):
 * 4×4 samples where the outline may cross the pixel (its four corners and centre disagree);
 * elsewhere 0 or 1 (the shape has no feature smaller than a pixel).
 */
export function coverage(s: Shape, ox: number, oy: number, x: number, y: number, inset = 0): number {
  const u = x - ox;
  const v = y - oy;
  const probe = insideShape(s, u + 0.5, v + 0.5, inset);
  if (
    probe === insideShape(s, u, v, inset) &&
    probe === insideShape(s, u + 1, v, inset) &&
    probe === insideShape(s, u, v + 1, inset) &&
    probe === insideShape(s, u + 1, v + 1, inset)
  ) {
    return probe ? 1 : 0;
  }
  let n = 0;
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (insideShape(s, x + (i + 0.5) / 4 - ox, y + (j + 0.5) / 4 - oy, inset)) n++;
  return n / 16;
}

/** How far a shape reaches beyond its body on any side (tabs), rounded up. */
const REACH = 13;

export interface PuzzleLayout {
  /** Left edge of the piece's body inside the piece image. */
  pieceBodyX: number;
  piece: Shape;
  /** The gap's shape (the piece's, varied) and where its body starts in the background. */
  gap: Shape;
  gapX: number;
  gapY: number;
  decoy: Shape;
  decoyX: number;
  decoyY: number;
  /** Pixel offset of the piece's content against the gap (−1 … 1 per axis). */
  contentDx: number;
  contentDy: number;
  shade: number;
  rim: number;
  decoyShade: number;
  decoyRim: number;
  brightness: number;
}

export function puzzleLayout(secret: PuzzleSecret): PuzzleLayout {
  const r = rng(secret.seed, 'layout');
  const piece = randomShape(r, PUZZLE.body);
  const pieceBodyX = Math.floor(between(r, 14, 19));
  const gap = varied(piece, between(r, 0.97, 1.04), between(r, -0.6, 0.6));
  const gapX = secret.targetX + pieceBodyX + between(r, -0.45, 0.45);
  const gapY = secret.gapY + between(r, -0.45, 0.45);
  // The decoy: another shape, fainter, where it does not touch the gap.
  const decoy = randomShape(r, PUZZLE.body * between(r, 0.85, 1.1));
  const span = decoy.size + 2 * REACH;
  const left = [REACH, gapX - REACH - 6 - span + REACH] as const;
  const right = [gapX + PUZZLE.body + REACH + 6 + REACH, PUZZLE.width - span + REACH] as const;
  const options = [left, right].filter(([lo, hi]) => hi >= lo);
  const [lo, hi] = pick(r, options);
  const decoyX = between(r, lo, hi);
  const decoyY = between(r, REACH, PUZZLE.height - span + REACH);
  return {
    pieceBodyX,
    piece,
    gap,
    gapX,
    gapY,
    decoy,
    decoyX,
    decoyY,
    contentDx: Math.floor(between(r, -1, 2)),
    contentDy: Math.floor(between(r, -1, 2)),
    shade: between(r, 0.38, 0.55),
    rim: between(r, 0.35, 0.6),
    decoyShade: between(r, 0.55, 0.72),
    decoyRim: between(r, 0.1, 0.3),
    brightness: between(r, 0.96, 1.08),
  };
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/** Smooth value noise from a random grid of `gw`×`gh` values in [−1, 1]. */
function valueNoise(r: Rng, gw: number, gh: number): (x: number, y: number) => number {
  const grid = Float32Array.from({ length: (gw + 1) * (gh + 1) }, () => r() * 2 - 1);
  const sx = gw / PUZZLE.width;
  const sy = gh / PUZZLE.height;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const fx = x * sx;
    const fy = y * sy;
    const ix = Math.min(gw - 1, Math.floor(fx));
    const iy = Math.min(gh - 1, Math.floor(fy));
    const tx = smooth(fx - ix);
    const ty = smooth(fy - iy);
    const o = iy * (gw + 1) + ix;
    const top = grid[o]! + (grid[o + 1]! - grid[o]!) * tx;
    const bottom = grid[o + gw + 1]! + (grid[o + gw + 2]! - grid[o + gw + 1]!) * tx;
    return top + (bottom - top) * ty;
  };
}

/** The scene without gap or grain: gradient, value noise, and shapes that look like the gap's edges. */
function renderScene(secret: PuzzleSecret): Float32Array {
  const { width: W, height: H } = PUZZLE;
  const r = rng(secret.seed, 'scene');
  const img = new Float32Array(W * H * 3);
  const hueA = r() * 360;
  const hueB = hueA + between(r, 60, 180);
  const colA = hsl(hueA % 360, between(r, 0.4, 0.7), between(r, 0.3, 0.45));
  const colB = hsl(hueB % 360, between(r, 0.4, 0.7), between(r, 0.5, 0.65));
  const angle = r() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const span = Math.abs(dx) * W + Math.abs(dy) * H;
  const coarse = valueNoise(r, 8, 5);
  const fine = valueNoise(r, 24, 13);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = Math.min(1, Math.max(0, ((x - W / 2) * dx + (y - H / 2) * dy) / span + 0.5));
      const n = 1 + 0.24 * coarse(x, y) + 0.12 * fine(x, y);
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) img[o + c] = (colA[c]! + (colB[c]! - colA[c]!) * t) * n;
    }
  }
  const blend = (x: number, y: number, col: [number, number, number], alpha: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H || alpha <= 0) return;
    const o = (y * W + x) * 3;
    for (let c = 0; c < 3; c++) img[o + c] = img[o + c]! + (col[c]! - img[o + c]!) * alpha;
  };
  const shapes = 12 + Math.floor(r() * 6);
  for (let i = 0; i < shapes; i++) {
    const kind = pick(r, ['disc', 'ring', 'line', 'square', 'square'] as const);
    const col = hsl((hueA + between(r, -90, 200) + 360) % 360, between(r, 0.3, 0.8), between(r, 0.2, 0.8));
    const alpha = between(r, 0.25, 0.6);
    const cx = r() * W;
    const cy = r() * H;
    if (kind === 'disc' || kind === 'ring') {
      const radius = between(r, 6, 36);
      const thick = kind === 'ring' ? between(r, 2, 6) : radius;
      for (let y = Math.floor(cy - radius - 1); y <= cy + radius + 1; y++) {
        for (let x = Math.floor(cx - radius - 1); x <= cx + radius + 1; x++) {
          const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
          const edge = Math.min(1, Math.max(0, radius - d + 0.5)) * Math.min(1, Math.max(0, d - (radius - thick) + 0.5));
          blend(x, y, col, alpha * edge);
        }
      }
    } else if (kind === 'line') {
      const len = between(r, 30, 160);
      const a = r() * Math.PI;
      const ux = Math.cos(a);
      const uy = Math.sin(a);
      const half = between(r, 1, 2.5);
      for (let y = Math.floor(cy - len / 2 - 3); y <= cy + len / 2 + 3; y++) {
        for (let x = Math.floor(cx - len / 2 - 3); x <= cx + len / 2 + 3; x++) {
          const px = x + 0.5 - cx;
          const py = y + 0.5 - cy;
          const along = px * ux + py * uy;
          const across = Math.abs(-px * uy + py * ux);
          if (Math.abs(along) > len / 2) continue;
          blend(x, y, col, alpha * Math.min(1, Math.max(0, half - across + 0.5)));
        }
      }
    } else {
      // Tilted squares about the piece's size: straight edges like the gap's.
      const side = between(r, 24, 52);
      const a = between(r, -0.5, 0.5);
      const ux = Math.cos(a);
      const uy = Math.sin(a);
      const reach = side * 0.75;
      for (let y = Math.floor(cy - reach); y <= cy + reach; y++) {
        for (let x = Math.floor(cx - reach); x <= cx + reach; x++) {
          const px = x + 0.5 - cx;
          const py = y + 0.5 - cy;
          const u = Math.abs(px * ux + py * uy);
          const v = Math.abs(-px * uy + py * ux);
          blend(x, y, col, alpha * Math.min(1, Math.max(0, side / 2 - Math.max(u, v) + 0.5)));
        }
      }
    }
  }
  return img;
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Darkens `shape` into `img` (RGB floats) with a light rim, for a body starting at (ox, oy). */
function carve(img: Float32Array, shape: Shape, ox: number, oy: number, shade: number, rim: number): void {
  const { width: W, height: H } = PUZZLE;
  for (let y = Math.max(0, Math.floor(oy - REACH)); y < Math.min(H, Math.ceil(oy + shape.size + REACH)); y++) {
    for (let x = Math.max(0, Math.floor(ox - REACH)); x < Math.min(W, Math.ceil(ox + shape.size + REACH)); x++) {
      const c = coverage(shape, ox, oy, x, y);
      if (c === 0) continue;
      const band = c - coverage(shape, ox, oy, x, y, 1.3);
      const o = (y * W + x) * 3;
      for (let k = 0; k < 3; k++) {
        const v = img[o + k]! * (1 - c * (1 - shade));
        img[o + k] = v + (255 - v) * band * rim;
      }
    }
  }
}

/** The background PNG: scene, decoy, gap, then grain over all of it. */
export function renderBackground(secret: PuzzleSecret): Buffer {
  const { width: W, height: H } = PUZZLE;
  const layout = puzzleLayout(secret);
  const img = renderScene(secret);
  carve(img, layout.decoy, layout.decoyX, layout.decoyY, layout.decoyShade, layout.decoyRim);
  carve(img, layout.gap, layout.gapX, layout.gapY, layout.shade, layout.rim);
  const grain = rng(secret.seed, 'grain');
  const out = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    const common = (grain() - 0.5) * 18;
    for (let k = 0; k < 3; k++) out[i * 3 + k] = clamp8(img[i * 3 + k]! + common + (grain() - 0.5) * 14);
  }
  return encodePng(W, H, 3, out);
}

/** The piece PNG: a `strip`×`height` band, transparent but for the piece cut from the scene, with a light outline. */
export function renderPiece(secret: PuzzleSecret): Buffer {
  const { width: W, height: H, strip } = PUZZLE;
  const layout = puzzleLayout(secret);
  const scene = renderScene(secret);
  const grain = rng(secret.seed, 'piece-grain');
  const out = new Uint8Array(strip * H * 4);
  const top = secret.gapY;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < strip; x++) {
      // Every pixel draws from the grain stream, so the work per image is the same wherever the piece is.
      const g = (grain() - 0.5) * 16;
      const inBox = y >= top - REACH && y < top + PUZZLE.body + REACH;
      const c = inBox ? coverage(layout.piece, layout.pieceBodyX, top, x, y) : 0;
      if (c === 0) continue;
      const band = c - coverage(layout.piece, layout.pieceBodyX, top, x, y, 1.6);
      const sx = Math.min(W - 1, Math.max(0, Math.round(layout.gapX - layout.pieceBodyX) + x + layout.contentDx));
      const sy = Math.min(H - 1, Math.max(0, y + layout.contentDy));
      const o = (y * strip + x) * 4;
      for (let k = 0; k < 3; k++) {
        const v = scene[(sy * W + sx) * 3 + k]! * layout.brightness + g;
        out[o + k] = clamp8(v + (255 - v) * band * 0.85);
      }
      out[o + 3] = clamp8(255 * c);
    }
  }
  return encodePng(strip, H, 4, out);
}
