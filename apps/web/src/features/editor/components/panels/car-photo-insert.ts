import type { PickedCarPhoto } from '../../../../components/car-photo-picker';

/** Share of the design an inserted image may fill at most (the engine's `insert.image` fits it into 60 %). */
const IMAGE_FIT = 0.6;

/**
 * Where the credit of a car-library picture goes on a poster (issue #15 "with attribution"): a small text element
 * centred just below the picture as `insert.image` places it (centred, scaled down — never up — to fit 60 % of the
 * design). All in design pixels; `top` is the text's centre (the engine places text centred).
 * @param design the poster's size, pixels
 * @param photo the picture's own size, pixels
 * @returns the credit's font size, box width and centre `top`
 */
export function creditPlacement(
  design: { width: number; height: number },
  photo: { width: number; height: number },
): { fontSize: number; width: number; top: number } {
  const scale = Math.min(
    1,
    (design.width * IMAGE_FIT) / photo.width,
    (design.height * IMAGE_FIT) / photo.height,
  );
  const shownWidth = photo.width * scale;
  const shownHeight = photo.height * scale;
  const fontSize = Math.max(12, Math.round(design.width / 48));
  const below = design.height / 2 + shownHeight / 2 + fontSize;
  // a picture that reaches the bottom edge: the credit sits on its lower edge instead
  const top = Math.min(below, design.height - fontSize);
  return { fontSize, width: Math.max(shownWidth, fontSize * 12), top: Math.round(top) };
}

/**
 * Inserts a car-library picture into the poster with its credit (issue #15): the image (`insert.image`), then a
 * text element named `credit` holding `attribution` (`insert.text`), moved under the picture (`attr.set`).
 * @param run the editor's command runner (a failure is shown by it and stops here)
 * @returns true when both were inserted
 */
export async function insertCarPhoto(
  run: (id: string, args?: unknown) => Promise<boolean>,
  design: { width: number; height: number },
  photo: PickedCarPhoto,
): Promise<boolean> {
  if (!(await run('insert.image', { url: photo.url }))) return false;
  const place = creditPlacement(design, photo);
  if (
    !(await run('insert.text', {
      text: photo.attribution,
      fontSize: place.fontSize,
      width: place.width,
      fill: '#333333',
      name: 'credit',
    }))
  )
    return false;
  return run('attr.set', { attrs: { top: place.top } });
}
