/** A crop rectangle in the source image's pixels (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One aspect choice of the crop dialog: its label and width / height. */
export interface CropAspect {
  key: string;
  value: number;
}

/** The cover aspect choices (issue #2): 4:3 and 3:4. */
export const COVER_ASPECTS = [
  { key: '4:3', value: 4 / 3 },
  { key: '3:4', value: 3 / 4 },
] as const;

/** Output size for a crop: the area's own pixels, scaled down so the long side is at most `maxSide`. */
export function cropOutputSize(area: PixelArea, maxSide = 1600): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

/** Loads an image element from a URL (object URL of the chosen file). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image failed to load'));
    img.src = src;
  });
}

/**
 * Crops an image in the browser on a canvas (issue #2: the cropped image is what gets uploaded).
 * JPEG stays JPEG (quality 0.9); anything else becomes PNG to keep transparency.
 */
export async function cropToBlob(src: string, area: PixelArea, type: string): Promise<Blob> {
  const img = await loadImage(src);
  const out = cropOutputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, out.width, out.height);
  const mime = type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), mime, 0.9),
  );
}
