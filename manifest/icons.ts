/**
 * Draws the two Teams app icons — a parcel with a location pin — and encodes them as PNG, with no
 * image tools: shapes are distance functions, each pixel is supersampled for smooth edges, and
 * the PNG (RGBA, 8 bit) is written by hand with node:zlib.
 *
 * - color.png: 192×192, full colour, the motif on a solid accent background.
 * - outline.png: 32×32, white on a fully transparent background, the same motif.
 *
 * Regenerate with `npx tsc -p tsconfig.build.json && node dist/manifest/icons.js`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { manifestDir } from './paths';

export const COLOR_SIZE = 192;
export const OUTLINE_SIZE = 32;
/** The background of color.png; the manifest's accentColor is the same colour. */
export const ACCENT = '#1B5FAA';

type Rgba = readonly [number, number, number, number];
type Point = readonly [number, number];
/** Distance from a point to a shape: 0 inside, growing outside. */
type Shape = (x: number, y: number) => number;
/** A layer covers the points within `grow` of its shape, with a colour or by erasing to transparent. */
interface Layer {
  shape: Shape;
  paint: Rgba | 'erase';
  grow?: number;
}

// ---- geometry --------------------------------------------------------------------------------

// Module-level copies: inside jest's vm context every global lookup (Math, Infinity) is slow
// enough to make the 192×192 render take half a minute instead of half a second.
const { max, min, round, sign, sqrt } = Math;
const FAR = Number.POSITIVE_INFINITY;

function segmentDistance(x: number, y: number, a: Point, b: Point): number {
  const ax = a[0];
  const ay = a[1];
  const dx = b[0] - ax;
  const dy = b[1] - ay;
  const t = max(0, min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  const ex = x - (ax + t * dx);
  const ey = y - (ay + t * dy);
  return sqrt(ex * ex + ey * ey);
}

/** A convex polygon, its points in either winding order. */
function polygon(points: readonly Point[]): Shape {
  const edges = points.map((a, i): [Point, Point] => [a, points[(i + 1) % points.length]]);
  return (x, y) => {
    let side = 0;
    let inside = true;
    for (const edge of edges) {
      const a = edge[0];
      const b = edge[1];
      const cross = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
      if (cross === 0) continue;
      if (side === 0) side = sign(cross);
      else if (sign(cross) !== side) {
        inside = false;
        break;
      }
    }
    if (inside) return 0;
    let nearest = FAR;
    for (const edge of edges) nearest = min(nearest, segmentDistance(x, y, edge[0], edge[1]));
    return nearest;
  };
}

function circle([cx, cy]: Point, r: number): Shape {
  return (x, y) => max(0, sqrt((x - cx) ** 2 + (y - cy) ** 2) - r);
}

function segment(a: Point, b: Point): Shape {
  return (x, y) => segmentDistance(x, y, a, b);
}

function union(...shapes: Shape[]): Shape {
  return (x, y) => {
    let nearest = FAR;
    for (const shape of shapes) nearest = min(nearest, shape(x, y));
    return nearest;
  };
}

const lerp = ([ax, ay]: Point, [bx, by]: Point, t: number): Point => [ax + (bx - ax) * t, ay + (by - ay) * t];
const add = ([ax, ay]: Point, [bx, by]: Point): Point => [ax + bx, ay + by];

// ---- the motif, in a 100×100 design space ----------------------------------------------------

/** An isometric parcel (lower left) and a map pin (upper right). */
function motif() {
  // Parcel: the top face is the rhombus back-T, right-R, front-F, left-L; the sides drop by `depth`.
  const T: Point = [40, 16];
  const R: Point = [76, 35];
  const F: Point = [40, 54];
  const L: Point = [4, 35];
  const down: Point = [0, 42];
  const [Fb, Rb, Lb] = [add(F, down), add(R, down), add(L, down)];
  const top = polygon([T, R, F, L]);
  const left = polygon([L, F, Fb, Lb]);
  const right = polygon([F, R, Rb, Fb]);
  const parcel = polygon([T, R, Rb, Fb, Lb, L]);
  // Tape: across the top face parallel to the front-left edge, then down the right face.
  const tapeWidth = 0.18;
  const tapeTop = polygon([
    lerp(L, T, 0.5 - tapeWidth / 2),
    lerp(L, T, 0.5 + tapeWidth / 2),
    lerp(F, R, 0.5 + tapeWidth / 2),
    lerp(F, R, 0.5 - tapeWidth / 2),
  ]);
  const tapeSide = polygon([
    lerp(F, R, 0.5 - tapeWidth / 2),
    lerp(F, R, 0.5 + tapeWidth / 2),
    lerp(Fb, Rb, 0.5 + tapeWidth / 2),
    lerp(Fb, Rb, 0.5 - tapeWidth / 2),
  ]);
  const tapeSideShort = polygon([
    lerp(F, R, 0.5 - tapeWidth / 2),
    lerp(F, R, 0.5 + tapeWidth / 2),
    lerp(lerp(F, Fb, 0.45), lerp(R, Rb, 0.45), 0.5 + tapeWidth / 2),
    lerp(lerp(F, Fb, 0.45), lerp(R, Rb, 0.45), 0.5 - tapeWidth / 2),
  ]);
  const edges = union(segment(L, F), segment(F, R), segment(F, Fb));

  // Pin: a circle and the triangle from its tangent points down to the tip.
  const C: Point = [77, 20];
  const r = 17;
  const length = 40;
  const half = r * sqrt(1 - (r / length) ** 2);
  const tip: Point = [C[0], C[1] + length];
  const pin = union(
    circle(C, r),
    polygon([[C[0] - half, C[1] + (r * r) / length], [C[0] + half, C[1] + (r * r) / length], tip]),
  );
  const hole = circle(C, r * 0.42);

  return { top, left, right, parcel, tapeTop, tapeSide, tapeSideShort, edges, pin, hole };
}

// ---- the two icons ---------------------------------------------------------------------------

function hex(colour: string, alpha = 255): Rgba {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
}

const WHITE = hex('#FFFFFF');

function colorLayers(): Layer[] {
  const m = motif();
  const everywhere: Shape = () => 0;
  return [
    { shape: everywhere, paint: hex(ACCENT) },
    { shape: m.top, paint: hex('#F7CB85') },
    { shape: m.left, paint: hex('#E4A757') },
    { shape: m.right, paint: hex('#C8873C') },
    { shape: m.tapeTop, paint: hex('#D69A4C') },
    { shape: m.tapeSideShort, paint: hex('#AE6F2A') },
    { shape: m.edges, paint: hex('#FCE3B8'), grow: 0.7 },
    // A ring of background keeps the pin apart from the parcel it overlaps.
    { shape: m.pin, paint: hex(ACCENT), grow: 4 },
    { shape: m.pin, paint: hex('#E5484D') },
    { shape: m.hole, paint: WHITE },
  ];
}

function outlineLayers(): Layer[] {
  const m = motif();
  return [
    { shape: m.parcel, paint: WHITE },
    // Seams cut into the white parcel show its faces; the tape is a cut-out on the top face.
    { shape: m.edges, paint: 'erase', grow: 3 },
    { shape: m.tapeTop, paint: 'erase' },
    { shape: m.pin, paint: 'erase', grow: 6 },
    { shape: m.pin, paint: WHITE },
    { shape: m.hole, paint: 'erase' },
  ];
}

/**
 * Renders layers into a size×size RGBA buffer. `inset` is the margin, in pixels, left around the
 * 100×100 design space. Each pixel averages samples×samples points (premultiplied), so an edge
 * pixel of a white shape on transparent stays pure white with partial alpha.
 */
function rasterize(size: number, layers: readonly Layer[], inset: number, samples: number): Buffer {
  const scale = 100 / (size - 2 * inset);
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples - inset) * scale;
          const y = (py + (sy + 0.5) / samples - inset) * scale;
          let colour: Rgba | undefined;
          for (const layer of layers) {
            if (layer.shape(x, y) <= (layer.grow ?? 0)) colour = layer.paint === 'erase' ? undefined : layer.paint;
          }
          if (!colour) continue;
          r += colour[0] * colour[3];
          g += colour[1] * colour[3];
          b += colour[2] * colour[3];
          a += colour[3];
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = round(r / a);
        out[i + 1] = round(g / a);
        out[i + 2] = round(b / a);
        out[i + 3] = round(a / (samples * samples));
      }
    }
  }
  return out;
}

export function renderColorIcon(): Buffer {
  return encodePng(COLOR_SIZE, COLOR_SIZE, rasterize(COLOR_SIZE, colorLayers(), 46, 4));
}

export function renderOutlineIcon(): Buffer {
  return encodePng(OUTLINE_SIZE, OUTLINE_SIZE, rasterize(OUTLINE_SIZE, outlineLayers(), 1, 8));
}

// ---- PNG -------------------------------------------------------------------------------------

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  // The CRC-32 PNG chunks use is zlib's.
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes 8-bit RGBA pixels (row by row, top first) as a PNG, every row with filter 0 (None). */
function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  if (rgba.length !== width * height * 4)
    throw new Error(`Expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: truecolour with alpha
  // compression, filter method and interlace stay 0
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (1 + width * 4) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes color.png and outline.png into `dir` (default: the project's manifest/) and returns their paths. */
function writeIcons(dir: string = manifestDir()): string[] {
  const files: Array<[string, Buffer]> = [
    [path.join(dir, 'color.png'), renderColorIcon()],
    [path.join(dir, 'outline.png'), renderOutlineIcon()],
  ];
  for (const [file, png] of files) writeFileSync(file, png);
  return files.map(([file]) => file);
}

if (require.main === module) {
  for (const file of writeIcons()) console.log(file);
}
