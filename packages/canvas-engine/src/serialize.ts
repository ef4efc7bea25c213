import {
  FabricImage,
  FabricObject,
  Gradient,
  Group,
  InteractiveFabricObject,
  Shadow,
  filters as fabricFilters,
  util,
  type Canvas,
} from 'fabric';
import { createId } from './ids';
import type { ObjectData } from './types';

/** Engine properties serialized with every object (besides fabric's own). */
export const CUSTOM_PROPERTIES = ['id', 'name', 'locked', 'blur'] as const;

/** The engine's view of a fabric object: fabric's object plus the custom properties. */
export type EngineObject = FabricObject & { id?: string; name?: string; locked?: boolean; blur?: number };

let installed = false;

/**
 * Registers the engine's custom properties with fabric (idempotent): `id`, `name`, `locked` and `blur`
 * are serialized; images keep their `src` attribute (relative `/media/...` URLs stay relative); `blur`
 * (pixels) is drawn with the canvas `filter` so it works for every object type.
 */
export function installFabricExtensions(): void {
  if (installed) return;
  installed = true;
  FabricObject.customProperties = [...CUSTOM_PROPERTIES];
  // Per-object cache canvases made dragging among 300 objects ~5x slower in Chromium (bench/editor):
  // simple shapes and text draw faster directly. Groups (SVG materials with many paths) keep caching.
  // The exported FabricObject inherits its defaults from InteractiveFabricObject (fabric 7 getDefaults).
  InteractiveFabricObject.ownDefaults = { ...InteractiveFabricObject.ownDefaults, objectCaching: false };
  Group.ownDefaults = { ...Group.ownDefaults, objectCaching: true };
  (FabricImage as unknown as { ownDefaults: Record<string, unknown> }).ownDefaults = {
    ...FabricImage.ownDefaults,
    srcFromAttribute: true,
  };
  const proto = FabricObject.prototype as unknown as {
    _setOpacity(ctx: CanvasRenderingContext2D): void;
    blur?: number;
  };
  const setOpacity = proto._setOpacity;
  proto._setOpacity = function (this: EngineObject, ctx: CanvasRenderingContext2D) {
    setOpacity.call(this, ctx);
    if (this.blur && this.blur > 0) ctx.filter = `blur(${this.blur}px)`;
  };
}

/**
 * Serializes one object as stored in documents and history: fabric's `toObject()` with absolute
 * coordinates even while it is part of an active multi-selection.
 */
export function objectToData(canvas: Canvas | undefined, obj: FabricObject): ObjectData {
  const c = canvas as unknown as
    { _toObject?: (o: FabricObject, m: string, p: string[]) => Record<string, unknown> } | undefined;
  const data = c?._toObject && obj.canvas === canvas ? c._toObject(obj, 'toObject', []) : obj.toObject();
  return data;
}

/** Builds a fabric image filter from its stored form (`{ type: 'Brightness', brightness: 0.1 }`). */
export function createFilter(data: Record<string, unknown>): InstanceType<typeof fabricFilters.BaseFilter> {
  const { type, ...options } = data;
  const Ctor = (
    fabricFilters as unknown as Record<
      string,
      new (o: unknown) => InstanceType<typeof fabricFilters.BaseFilter>
    >
  )[type as string];
  if (!Ctor) throw new Error(`unknown filter ${String(type)}`);
  return new Ctor(options);
}

/** Makes fabric's interaction flags follow the engine's `locked` property (locked = selectable but frozen). */
export function syncLock(obj: EngineObject): void {
  const locked = !!obj.locked;
  obj.set({
    lockMovementX: locked,
    lockMovementY: locked,
    lockRotation: locked,
    lockScalingX: locked,
    lockScalingY: locked,
    hasControls: !locked,
  });
  if ('editable' in obj) (obj as unknown as { editable: boolean }).editable = !locked;
}

const SKIP_KEYS = new Set(['type', 'version', 'objects', 'src']);

/**
 * Applies stored property values (document form, see {@link objectToData}) to a live object:
 * shadows, gradients and filters are rebuilt as fabric instances. Synchronous.
 */
export function applyProps(obj: EngineObject, props: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(props)) {
    if (SKIP_KEYS.has(key)) continue;
    if (key === 'shadow')
      obj.set('shadow', value ? new Shadow(value as ConstructorParameters<typeof Shadow>[0]) : null);
    else if ((key === 'fill' || key === 'stroke') && value && typeof value === 'object')
      obj.set(key, new Gradient(value));
    else if (key === 'filters' && obj instanceof FabricImage) {
      obj.filters = (value as Record<string, unknown>[]).map(createFilter);
      obj.applyFilters();
    } else obj.set(key, value);
  }
  if ('locked' in props) syncLock(obj);
  if ('points' in props && 'setDimensions' in obj)
    (obj as unknown as { setDimensions(): void }).setDimensions();
  obj.setCoords();
  obj.dirty = true;
}

/** Creates live objects from stored data (async: images load). Lock flags are applied. */
export async function enlivenData(data: ObjectData[]): Promise<EngineObject[]> {
  const objects = await util.enlivenObjects<EngineObject>(data);
  objects.forEach(syncLock);
  return objects;
}

/** Font families used by text objects in `data` (recursing into groups). */
export function collectFontFamilies(data: ObjectData[], into = new Set<string>()): Set<string> {
  for (const o of data) {
    if (typeof o.fontFamily === 'string') into.add(o.fontFamily);
    if (Array.isArray(o.styles))
      for (const s of o.styles as { style?: { fontFamily?: string } }[])
        if (s.style?.fontFamily) into.add(s.style.fontFamily);
    if (Array.isArray(o.objects)) collectFontFamilies(o.objects as ObjectData[], into);
  }
  return into;
}

/** Structural JSON equality (used for diffs: property values are JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Gives an object (and the members of a group, recursively) an `id` and a `name` when missing. */
export function ensureIds(obj: EngineObject): void {
  if (!obj.id) obj.id = createId();
  if (!obj.name) obj.name = obj.type;
  const members = (obj as unknown as { _objects?: EngineObject[] })._objects;
  if (obj instanceof Group && members) members.forEach(ensureIds);
}
