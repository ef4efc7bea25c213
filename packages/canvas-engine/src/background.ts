import { FabricImage, Gradient, Pattern, type Canvas } from 'fabric';
import { createTextureCanvas } from './library/textures';
import type { Background, GradientStop } from './types';

/**
 * Builds a linear gradient across a width × height area at `angle` degrees (0 = left→right,
 * 90 = top→bottom), in pixel units so it renders the same in PNG and SVG exports.
 */
export function createLinearGradient(
  width: number,
  height: number,
  angle: number,
  stops: GradientStop[],
): Gradient<'linear'> {
  const rad = (angle * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  const half = Math.abs((width / 2) * dx) + Math.abs((height / 2) * dy);
  const cx = width / 2;
  const cy = height / 2;
  return new Gradient({
    type: 'linear',
    gradientUnits: 'pixels',
    coords: { x1: cx - dx * half, y1: cy - dy * half, x2: cx + dx * half, y2: cy + dy * half },
    colorStops: stops.map((s) => ({ offset: s.offset, color: s.color })),
  });
}

/** Images already decoded, by URL, so undo/redo of a background change is synchronous. */
const imageCache = new Map<string, HTMLImageElement>();

/** Loads (or returns the cached) image for a background URL. @throws Error when the image fails to load. */
export async function loadBackgroundImage(url: string): Promise<HTMLImageElement> {
  const cached = imageCache.get(url);
  if (cached) return cached;
  const img = new Image();
  img.crossOrigin = 'anonymous';
  img.src = url;
  await img.decode().catch(() => {
    throw new Error(`background image failed to load: ${url}`);
  });
  imageCache.set(url, img);
  return img;
}

/** True when `applyBackground` can run without waiting (colour, gradient, texture or cached image). */
export function isBackgroundReady(bg: Background): boolean {
  return bg.type !== 'image' || imageCache.has(bg.url);
}

/**
 * Paints the background of a width × height design onto the canvas: colour, linear gradient, texture
 * pattern or an image scaled to cover (centred). The image must be loaded first (`loadBackgroundImage`).
 */
export function applyBackground(canvas: Canvas, bg: Background, width: number, height: number): void {
  canvas.backgroundImage = undefined;
  if (bg.type === 'color') canvas.backgroundColor = bg.color;
  else if (bg.type === 'gradient')
    canvas.backgroundColor = createLinearGradient(width, height, bg.angle, bg.stops);
  else if (bg.type === 'texture')
    canvas.backgroundColor = new Pattern({
      source: createTextureCanvas(bg.textureId, bg.color, bg.background),
      repeat: 'repeat',
    });
  else {
    canvas.backgroundColor = '#ffffff';
    const img = imageCache.get(bg.url);
    if (img) {
      const scale = Math.max(width / img.naturalWidth, height / img.naturalHeight);
      canvas.backgroundImage = new FabricImage(img, {
        originX: 'center',
        originY: 'center',
        left: width / 2,
        top: height / 2,
        scaleX: scale,
        scaleY: scale,
      });
    }
  }
  canvas.requestRenderAll();
}
