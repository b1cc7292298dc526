/**
 * The demo shop's pictures, drawn in code (no network, no image files in the repository): a
 * patterned background in a tint of the product's colour and a simple silhouette of the kind of
 * product (mug, tee, poster…) in that colour. The same art in another colour gives the picture of a
 * colour choice. 800 × 800 PNGs, identical bytes on every run.
 */
import { mix, Raster, type Rgb, WHITE } from './raster.js';

/** The silhouettes the demo knows. */
export type Motif = 'mug' | 'coffee' | 'tee' | 'hoodie' | 'poster' | 'notebook' | 'bag' | 'sticker' | 'giftcard';
/** Background patterns. */
export type Pattern = 'plain' | 'stripes' | 'dots' | 'checks' | 'waves' | 'grid';

export interface Art {
  motif: Motif;
  color: Rgb;
  /** second colour (bands, labels, ribbons); a darker shade of `color` when absent */
  accent?: Rgb;
  pattern?: Pattern;
}

/** Side of every demo picture, in pixels. */
export const DEMO_IMAGE_SIZE = 800;

const shade = (c: Rgb, t: number): Rgb => mix(c, [0, 0, 0], t);
const tint = (c: Rgb, t: number): Rgb => mix(c, WHITE, t);

type Painter = (r: Raster, color: Rgb, accent: Rgb, bg: Rgb) => void;

const MOTIFS: Record<Motif, Painter> = {
  mug(r, color, accent) {
    r.ring(520, 420, 48, 86, shade(color, 0.15));
    r.roundRect(240, 250, 280, 340, 34, color);
    r.rect(240, 410, 280, 46, accent);
    r.roundRect(240, 250, 280, 26, 12, shade(color, 0.25));
  },
  coffee(r, color, accent) {
    r.polygon(
      [
        [270, 200],
        [530, 200],
        [565, 620],
        [235, 620],
      ],
      color,
    );
    r.rect(270, 200, 260, 34, shade(color, 0.25));
    r.roundRect(305, 330, 190, 170, 16, tint(accent, 0.8));
    r.circle(400, 415, 46, shade(color, 0.35));
    r.rect(396, 372, 8, 86, tint(accent, 0.8));
  },
  tee(r, color, accent, bg) {
    r.polygon(TEE, color);
    r.circle(400, 168, 58, shade(color, 0.2));
    r.circle(400, 158, 50, bg);
    r.rect(300, 420, 200, 26, accent);
  },
  hoodie(r, color, accent) {
    r.circle(400, 205, 96, shade(color, 0.25));
    r.polygon(HOODIE, color);
    r.roundRect(310, 470, 180, 100, 24, shade(color, 0.15));
    r.rect(372, 250, 10, 120, accent);
    r.rect(418, 250, 10, 120, accent);
  },
  poster(r, color, accent) {
    r.rect(190, 110, 420, 580, shade(color, 0.6));
    r.rect(214, 134, 372, 532, [246, 244, 238]);
    r.rect(246, 166, 308, 468, tint(color, 0.7));
    r.circle(470, 290, 54, accent);
    r.polygon(
      [
        [246, 634],
        [350, 400],
        [430, 520],
        [480, 450],
        [554, 560],
        [554, 634],
      ],
      color,
    );
  },
  notebook(r, color, accent) {
    r.roundRect(230, 140, 340, 520, 20, color);
    r.rect(230, 140, 46, 520, shade(color, 0.25));
    r.rect(500, 140, 18, 520, shade(color, 0.4));
    r.roundRect(320, 250, 150, 64, 10, tint(accent, 0.75));
  },
  bag(r, color, accent) {
    r.ring(400, 290, 86, 110, shade(color, 0.3));
    r.polygon(
      [
        [230, 290],
        [570, 290],
        [600, 650],
        [200, 650],
      ],
      color,
    );
    r.roundRect(330, 430, 140, 110, 14, accent);
  },
  sticker(r, color, accent) {
    r.polygon(star(400, 400, 270, 125), WHITE);
    r.polygon(star(400, 400, 235, 105), color);
    r.circle(400, 400, 62, accent);
  },
  giftcard(r, color, accent) {
    r.roundRect(150, 230, 500, 320, 30, color);
    r.rect(440, 230, 42, 320, accent);
    r.rect(150, 370, 500, 42, accent);
    r.circle(430, 360, 30, tint(accent, 0.3));
    r.circle(492, 360, 30, tint(accent, 0.3));
    r.roundRect(190, 470, 120, 40, 8, tint(color, 0.5));
  },
};

const TEE: [number, number][] = [
  [270, 180],
  [345, 150],
  [455, 150],
  [530, 180],
  [650, 290],
  [585, 360],
  [530, 320],
  [530, 650],
  [270, 650],
  [270, 320],
  [215, 360],
  [150, 290],
];

const HOODIE: [number, number][] = [
  [280, 200],
  [520, 200],
  [600, 260],
  [650, 600],
  [580, 615],
  [530, 360],
  [530, 660],
  [270, 660],
  [270, 360],
  [220, 615],
  [150, 600],
  [200, 260],
];

/** A five-pointed star centred at (cx, cy). */
function star(cx: number, cy: number, outer: number, inner: number): [number, number][] {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}

/** Whether a background pixel takes the pattern's second colour, and how many rows the pattern repeats after. */
const PATTERNS: Record<Pattern, { on: (x: number, y: number) => boolean; period: number }> = {
  plain: { on: () => false, period: 1 },
  stripes: { on: (x, y) => Math.floor((x + y) / 44) % 2 === 0, period: 88 },
  dots: { on: (x, y) => ((x % 56) - 28) ** 2 + ((y % 56) - 28) ** 2 < 49, period: 56 },
  checks: { on: (x, y) => (Math.floor(x / 64) + Math.floor(y / 64)) % 2 === 0, period: 128 },
  waves: { on: (x, y) => Math.floor((y + 18 * Math.sin(x / 36)) / 40) % 2 === 0, period: 80 },
  grid: { on: (x, y) => x % 80 < 3 || y % 80 < 3, period: 80 },
};

/** Draws the picture of `art` as an 800 × 800 PNG. */
export function drawDemoImage(art: Art): Buffer {
  const r = new Raster(DEMO_IMAGE_SIZE, DEMO_IMAGE_SIZE);
  // Light colours (white, cream) would vanish on their own tint: they get a cool grey background instead.
  const light = art.color[0] + art.color[1] + art.color[2] > 600;
  const bg = light ? ([214, 220, 228] as Rgb) : tint(art.color, 0.86);
  const bg2 = shade(bg, 0.05);
  r.fill(bg);
  const pattern = PATTERNS[art.pattern ?? 'plain'];
  r.pattern((x, y) => (pattern.on(x, y) ? bg2 : undefined), pattern.period);
  r.roundRect(190, 690, 420, 26, 13, shade(bg, 0.12));
  MOTIFS[art.motif](r, art.color, art.accent ?? shade(art.color, 0.35), bg);
  return r.toPng();
}
