/**
 * Public types of the poster editor engine (issue #4). All lengths are CSS pixels of the design
 * (document space), angles are degrees, opacity is 0..1.
 */

/** Current schema version of a {@link PosterDocument}; older versions are upgraded by `migrateDocument`. */
export const SCHEMA_VERSION = 2;

/** A colour stop of a linear gradient; offset 0..1. */
export interface GradientStop {
  offset: number;
  color: string;
}

/** The background of a design. Images are referenced by asset URL (`/media/...`), never data URLs. */
export type Background =
  | { type: 'color'; color: string }
  /** `angle` in degrees, 0 = left→right, 90 = top→bottom. */
  | { type: 'gradient'; angle: number; stops: GradientStop[] }
  | { type: 'image'; url: string }
  /** A generated pattern from the texture library (`textures.ts`), drawn in `color` over `background`. */
  | { type: 'texture'; textureId: string; color: string; background: string };

/**
 * One object of a document: fabric's own serialization (`toObject()` of fabric 7, absolute coordinates)
 * plus the engine's `id` (uuid), `name` and `locked`, and the optional `blur` (pixels).
 */
export interface ObjectData {
  type: string;
  id: string;
  name: string;
  [key: string]: unknown;
}

/** A design document (JSON). Sizes in pixels. */
export interface PosterDocument {
  schemaVersion: number;
  width: number;
  height: number;
  background: Background;
  objects: ObjectData[];
}

/** One row of the layer list, top-most layer first. */
export interface LayerInfo {
  id: string;
  name: string;
  type: string;
  visible: boolean;
  locked: boolean;
}

/** Attribute values shared by every selected object; a key is absent when the values differ. */
export type CommonAttributes = Partial<Record<AttributeKey, unknown>>;

/** Attributes that `attr.set` can change (spec §3 "editor element attributes"). */
export const ATTRIBUTE_KEYS = [
  'fontFamily',
  'fontSize',
  'textAlign',
  'fontWeight',
  'fontStyle',
  'underline',
  'overline',
  'linethrough',
  'lineHeight',
  'charSpacing',
  'fill',
  'stroke',
  'strokeWidth',
  'angle',
  'left',
  'top',
  'opacity',
  'shadow',
  'blur',
  'filters',
  'visible',
  'locked',
  'name',
] as const;

/** One attribute key of {@link ATTRIBUTE_KEYS}. */
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** Shadow as stored in documents (v2). Offsets and blur in pixels. */
export interface ShadowData {
  color: string;
  blur: number;
  offsetX: number;
  offsetY: number;
}

/** Image filter as stored in documents: a fabric filter type and its numeric options. */
export interface FilterData {
  type:
    | 'Grayscale'
    | 'Sepia'
    | 'Brightness'
    | 'Contrast'
    | 'Saturation'
    | 'Blur'
    | 'Invert'
    | 'Pixelate'
    | 'Noise'
    | 'HueRotation';
  [option: string]: unknown;
}

/** Loading state of one font family (for 正在加载字体，您耐心等候... / 字体加载失败，请重试). */
export type FontStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Grid overlay and snapping settings; size in pixels. */
export interface GridSettings {
  visible: boolean;
  snap: boolean;
  size: number;
}

/** What the UI renders from; recomputed after every change (`editor.subscribe`). */
export interface EditorState {
  selection: { ids: string[]; types: string[]; attributes: CommonAttributes };
  /** Top-most first. */
  layers: LayerInfo[];
  canUndo: boolean;
  canRedo: boolean;
  /** 1 = 100 %. */
  zoom: number;
  size: { width: number; height: number };
  background: Background;
  /** True when the design differs from the one loaded or last `markSaved()` (undoing back clears it). */
  dirty: boolean;
  drawing: boolean;
  grid: GridSettings;
  fonts: Record<string, FontStatus>;
}

/** A shipped font: family name and the URL of its file (woff2/woff/ttf). */
export interface FontEntry {
  family: string;
  url: string;
}

/** Hook the UI supplies to turn an uploaded/pasted image into an asset URL (API.md §8 image upload). */
export interface AssetResolver {
  /** Uploads the blob and resolves to its URL (`/media/img/...`). Throws on failure. */
  upload(blob: Blob): Promise<string>;
}
