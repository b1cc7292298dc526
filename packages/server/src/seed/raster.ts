/**
 * A tiny RGB drawing surface for the demo pictures: filled rectangles, rounded rectangles, circles,
 * rings and polygons with soft (anti-aliased) edges, and full-surface patterns. Deterministic: the
 * same calls give the same bytes on every machine.
 */
import { encodePng } from './png.js';

export type Rgb = readonly [number, number, number];

/** `#rrggbb` → RGB. @throws RangeError for anything else */
export function hexColor(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  return [Number.parseInt(match[1] as string, 16), Number.parseInt(match[2] as string, 16), Number.parseInt(match[3] as string, 16)];
}

/** `from` moved towards `to` by `amount` (0: from, 1: to). */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => Math.round((from[i] as number) + ((to[i] as number) - (from[i] as number)) * amount)) as unknown as Rgb;
}

export const WHITE: Rgb = [255, 255, 255];

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));

export class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 3);
  }

  /** Paints one pixel with `color` at `alpha` (0..1) over what is there. */
  blend(x: number, y: number, color: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    if (alpha >= 1) {
      this.data[i] = color[0];
      this.data[i + 1] = color[1];
      this.data[i + 2] = color[2];
      return;
    }
    for (let channel = 0; channel < 3; channel++) {
      const under = this.data[i + channel] as number;
      this.data[i + channel] = Math.round(under + ((color[channel] as number) - under) * alpha);
    }
  }

  /** Every pixel `color`. */
  fill(color: Rgb): void {
    this.data.set(color, 0);
    // Doubling copies: a few native copies instead of one call a pixel.
    for (let filled = 3; filled < this.data.length; filled *= 2)
      this.data.copyWithin(filled, 0, Math.min(filled, this.data.length - filled));
  }

  /**
   * Every pixel for which `paint(x, y)` answers a colour (stripes, dots, checks). A pattern that
   * repeats every `period` rows is painted once and copied down.
   */
  pattern(paint: (x: number, y: number) => Rgb | undefined, period = this.height): void {
    const rows = Math.min(period, this.height);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < this.width; x++) {
        const color = paint(x, y);
        if (color) this.blend(x, y, color);
      }
    }
    const block = rows * this.width * 3;
    for (let at = block; at < this.data.length; at += block) this.data.copyWithin(at, 0, Math.min(block, this.data.length - at));
  }

  /**
   * A filled shape given by its signed distance (negative inside), edges softened over one pixel.
   * `core`, a box known to lie wholly inside, is filled without measuring.
   */
  shape(
    bounds: [number, number, number, number],
    distance: (x: number, y: number) => number,
    color: Rgb,
    core?: [number, number, number, number],
  ): void {
    const [x0, y0, x1, y1] = bounds.map((bound, i) => (i < 2 ? Math.floor(bound) - 1 : Math.ceil(bound) + 1)) as [
      number,
      number,
      number,
      number,
    ];
    const [cx0, cy0, cx1, cy1] = core
      ? [Math.ceil(core[0]) + 1, Math.ceil(core[1]) + 1, Math.floor(core[2]) - 2, Math.floor(core[3]) - 2]
      : [1, 1, 0, 0];
    for (let y = Math.max(0, y0); y <= Math.min(this.height - 1, y1); y++) {
      const inCore = y >= cy0 && y <= cy1;
      for (let x = Math.max(0, x0); x <= Math.min(this.width - 1, x1); x++) {
        if (inCore && x >= cx0 && x <= cx1) {
          this.blend(x, y, color);
          continue;
        }
        this.blend(x, y, color, clamp01(0.5 - distance(x + 0.5, y + 0.5)));
      }
    }
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb): void {
    this.roundRect(x, y, width, height, 0, color);
  }

  /** A rectangle with corners rounded by `radius`. */
  roundRect(x: number, y: number, width: number, height: number, radius: number, color: Rgb): void {
    const cx = x + width / 2;
    const cy = y + height / 2;
    const innerHalfWidth = width / 2 - radius;
    const innerHalfHeight = height / 2 - radius;
    this.shape(
      [x, y, x + width, y + height],
      (px, py) => {
        const dx = Math.abs(px - cx) - innerHalfWidth;
        const dy = Math.abs(py - cy) - innerHalfHeight;
        const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0));
        return outside + Math.min(Math.max(dx, dy), 0) - radius;
      },
      color,
      [x + radius, y + radius, x + width - radius, y + height - radius],
    );
  }

  circle(cx: number, cy: number, radius: number, color: Rgb): void {
    const core = radius * Math.SQRT1_2;
    this.shape([cx - radius, cy - radius, cx + radius, cy + radius], (px, py) => Math.hypot(px - cx, py - cy) - radius, color, [
      cx - core,
      cy - core,
      cx + core,
      cy + core,
    ]);
  }

  /** A ring between radii `inner` and `outer`. */
  ring(cx: number, cy: number, inner: number, outer: number, color: Rgb): void {
    const mid = (inner + outer) / 2;
    const half = (outer - inner) / 2;
    this.shape([cx - outer, cy - outer, cx + outer, cy + outer], (px, py) => Math.abs(Math.hypot(px - cx, py - cy) - mid) - half, color);
  }

  /**
   * A simple polygon (even-odd rule) through `points` [[x, y], …]: each pixel row is sampled on four
   * sub-scanlines, each crossing span adding its exact horizontal coverage.
   */
  polygon(points: readonly (readonly [number, number])[], color: Rgb): void {
    const ys = points.map((point) => point[1]);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    const coverage = new Float32Array(this.width + 1);
    for (let y = top; y <= bottom; y++) {
      coverage.fill(0);
      for (let sample = 0; sample < SUBSAMPLES; sample++) {
        const crossings = scanCrossings(points, y + (sample + 0.5) / SUBSAMPLES);
        for (let k = 0; k + 1 < crossings.length; k += 2) addSpan(coverage, crossings[k] as number, crossings[k + 1] as number, this.width);
      }
      for (let x = 0; x < this.width; x++) if (coverage[x]) this.blend(x, y, color, clamp01((coverage[x] as number) / SUBSAMPLES));
    }
  }

  /** The surface as a PNG file. */
  toPng(): Buffer {
    return encodePng({ width: this.width, height: this.height, channels: 3, data: this.data });
  }
}

const SUBSAMPLES = 4;

/** Where the horizontal line at `y` crosses the polygon's edges, sorted. */
function scanCrossings(points: readonly (readonly [number, number])[], y: number): number[] {
  const crossings: number[] = [];
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as readonly [number, number];
    const [xj, yj] = points[j] as readonly [number, number];
    if (yi > y !== yj > y) crossings.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
  }
  return crossings.sort((left, right) => left - right);
}

/** Adds the coverage of the span [start, end) to a row: whole pixels 1, the end pixels their covered fraction. */
function addSpan(row: Float32Array, start: number, end: number, width: number): void {
  const from = Math.max(0, start);
  const to = Math.min(width, end);
  if (to <= from) return;
  const first = Math.floor(from);
  const last = Math.floor(to);
  if (first === last) {
    row[first] = (row[first] as number) + (to - from);
    return;
  }
  row[first] = (row[first] as number) + (first + 1 - from);
  for (let x = first + 1; x < last; x++) row[x] = (row[x] as number) + 1;
  if (last < width) row[last] = (row[last] as number) + (to - last);
}
