/** A preset design size (pixels). */
export interface SizePreset {
  id: string;
  /** i18n key of the preset's name. */
  labelKey: string;
  width: number;
  height: number;
}

/**
 * Preset sizes (spec §2 "preset sizes", issue #4): Xiaohongshu vertical 900×1200 and horizontal
 * 1200×900, phone wallpaper 1080×1920, article covers 4:3 (1200×900) and 3:4 (900×1200).
 */
export const SIZE_PRESETS: SizePreset[] = [
  { id: 'xhs-vertical', labelKey: 'editor.size.xhsVertical', width: 900, height: 1200 },
  { id: 'xhs-horizontal', labelKey: 'editor.size.xhsHorizontal', width: 1200, height: 900 },
  { id: 'phone-wallpaper', labelKey: 'editor.size.phoneWallpaper', width: 1080, height: 1920 },
  { id: 'cover-4x3', labelKey: 'editor.size.cover4x3', width: 1200, height: 900 },
  { id: 'cover-3x4', labelKey: 'editor.size.cover3x4', width: 900, height: 1200 },
];

/** The preset with this id. @throws Error when unknown. */
export function getSizePreset(id: string): SizePreset {
  const preset = SIZE_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`unknown size preset ${id}`);
  return preset;
}
