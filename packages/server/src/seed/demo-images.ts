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

const shade = (color: Rgb, amount: number): Rgb => mix(color, [0, 0, 0], amount);
const tint = (color: Rgb, amount: number): Rgb => mix(color, WHITE, amount);

type Painter = (raster: Raster, color: Rgb, accent: Rgb, background: Rgb) => void;

const MOTIFS: Record<Motif, Painter> = {
  mug(raster, color, accent) {
    raster.ring(520, 420, 48, 86, shade(color, 0.15));
    raster.roundRect(240, 250, 280, 340, 34, color);
    raster.rect(240, 410, 280, 46, accent);
    raster.roundRect(240, 250, 280, 26, 12, shade(color, 0.25));
  },
  coffee(raster, color, accent) {
    raster.polygon(
      [
        [270, 200],
        [530, 200],
        [565, 620],
        [235, 620],
      ],
      color,
    );
    raster.rect(270, 200, 260, 34, shade(color, 0.25));
    raster.roundRect(305, 330, 190, 170, 16, tint(accent, 0.8));
    raster.circle(400, 415, 46, shade(color, 0.35));
    raster.rect(396, 372, 8, 86, tint(accent, 0.8));
  },
  tee(raster, color, accent, background) {
    raster.polygon(TEE, color);
    raster.circle(400, 168, 58, shade(color, 0.2));
    raster.circle(400, 158, 50, background);
    raster.rect(300, 420, 200, 26, accent);
  },
  hoodie(raster, color, accent) {
    raster.circle(400, 205, 96, shade(color, 0.25));
    raster.polygon(HOODIE, color);
    raster.roundRect(310, 470, 180, 100, 24, shade(color, 0.15));
    raster.rect(372, 250, 10, 120, accent);
    raster.rect(418, 250, 10, 120, accent);
  },
  poster(raster, color, accent) {
    raster.rect(190, 110, 420, 580, shade(color, 0.6));
    raster.rect(214, 134, 372, 532, [246, 244, 238]);
    raster.rect(246, 166, 308, 468, tint(color, 0.7));
    raster.circle(470, 290, 54, accent);
    raster.polygon(
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
  notebook(raster, color, accent) {
    raster.roundRect(230, 140, 340, 520, 20, color);
    raster.rect(230, 140, 46, 520, shade(color, 0.25));
    raster.rect(500, 140, 18, 520, shade(color, 0.4));
    raster.roundRect(320, 250, 150, 64, 10, tint(accent, 0.75));
  },
  bag(raster, color, accent) {
    raster.ring(400, 290, 86, 110, shade(color, 0.3));
    raster.polygon(
      [
        [230, 290],
        [570, 290],
        [600, 650],
        [200, 650],
      ],
      color,
    );
    raster.roundRect(330, 430, 140, 110, 14, accent);
  },
  sticker(raster, color, accent) {
    raster.polygon(star(400, 400, 270, 125), WHITE);
    raster.polygon(star(400, 400, 235, 105), color);
    raster.circle(400, 400, 62, accent);
  },
  giftcard(raster, color, accent) {
    raster.roundRect(150, 230, 500, 320, 30, color);
    raster.rect(440, 230, 42, 320, accent);
    raster.rect(150, 370, 500, 42, accent);
    raster.circle(430, 360, 30, tint(accent, 0.3));
    raster.circle(492, 360, 30, tint(accent, 0.3));
    raster.roundRect(190, 470, 120, 40, 8, tint(color, 0.5));
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
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
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
  const raster = new Raster(DEMO_IMAGE_SIZE, DEMO_IMAGE_SIZE);
  // Light colours (white, cream) would vanish on their own tint: they get a cool grey background instead.
  const light = art.color[0] + art.color[1] + art.color[2] > 600;
  const background = light ? ([214, 220, 228] as Rgb) : tint(art.color, 0.86);
  const bg2 = shade(background, 0.05);
  raster.fill(background);
  const pattern = PATTERNS[art.pattern ?? 'plain'];
  raster.pattern((x, y) => (pattern.on(x, y) ? bg2 : undefined), pattern.period);
  raster.roundRect(190, 690, 420, 26, 13, shade(background, 0.12));
  MOTIFS[art.motif](raster, art.color, art.accent ?? shade(art.color, 0.35), background);
  return raster.toPng();
}
