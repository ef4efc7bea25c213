import {
  Circle,
  FabricImage,
  Line,
  Path,
  Polygon,
  Rect,
  Textbox,
  Triangle,
  loadSVGFromString,
  util,
  type FabricObject,
} from 'fabric';
import type { Editor } from '../editor';
import { isAllowedAssetUrl, sanitizeSvg } from '../sanitize';
import type { EngineObject } from '../serialize';
import type { AnyCommand, Command } from './registry';

/** Common style arguments for inserted shapes (colours as CSS strings, widths in pixels). */
export interface ShapeArgs {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  name?: string;
}

const always = () => true;

/** Adds a new object (one history step), selected; at the centre of the design unless `centre` is false. */
function place(editor: Editor, obj: FabricObject, name: string, labelKey: string, centre = true): void {
  const { width, height } = editor.getSize();
  if (centre) obj.set({ originX: 'center', originY: 'center', left: width / 2, top: height / 2 });
  const o = obj as EngineObject;
  o.name = name;
  editor.addObjects([o], { labelKey });
}

/** Scales an object down (never up) so it fits in `fraction` of the design. */
function fitInto(editor: Editor, obj: FabricObject, fraction: number): void {
  const { width, height } = editor.getSize();
  const scale = Math.min(1, (width * fraction) / (obj.width || 1), (height * fraction) / (obj.height || 1));
  obj.set({ scaleX: (obj.scaleX ?? 1) * scale, scaleY: (obj.scaleY ?? 1) * scale });
}

/** Points of a regular polygon with `sides` corners and circumradius `radius` (pixels), first corner on top. */
export function regularPolygonPoints(sides: number, radius: number): { x: number; y: number }[] {
  return Array.from({ length: sides }, (_, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / sides;
    return {
      x: Math.round(radius * Math.cos(a) * 1000) / 1000,
      y: Math.round(radius * Math.sin(a) * 1000) / 1000,
    };
  });
}

const shape = <A extends ShapeArgs>(
  id: string,
  labelKey: string,
  make: (a: A) => FabricObject,
  name: string,
): Command<A | undefined> => ({
  id,
  labelKey,
  isEnabled: always,
  // Shapes drawn by the author (polygon points, line ends in design pixels) keep where they were drawn.
  perform: (editor, args) =>
    place(
      editor,
      make((args ?? {}) as A),
      args?.name ?? name,
      labelKey,
      !(args && ('points' in args || 'x1' in args)),
    ),
});

/** Loads an image by asset URL and adds it fitted into 60 % of the design. @throws Error for URLs not allowed or failing to load. */
async function insertImageByUrl(editor: Editor, url: string, labelKey: string): Promise<void> {
  if (!isAllowedAssetUrl(url, editor.options.allowedOrigins))
    throw new Error(`image URL not allowed: ${url}`);
  const img = await FabricImage.fromURL(url, { crossOrigin: 'anonymous' }, { srcFromAttribute: true });
  fitInto(editor, img, 0.6);
  place(editor, img, 'image', labelKey);
}

export const INSERT_COMMANDS: AnyCommand[] = [
  {
    id: 'insert.text',
    labelKey: 'editor.cmd.insertText',
    isEnabled: always,
    perform: (
      editor: Editor,
      args?: {
        text?: string;
        fontSize?: number;
        fontFamily?: string;
        fill?: string;
        fontWeight?: string;
        width?: number;
        name?: string;
      },
    ) => {
      const a = args ?? {};
      const text = new Textbox(a.text ?? 'Aa', {
        fontSize: a.fontSize ?? 64,
        fontFamily: a.fontFamily ?? 'sans-serif',
        fill: a.fill ?? '#222222',
        fontWeight: a.fontWeight ?? 'normal',
        width: a.width ?? 400,
        textAlign: 'center',
      });
      place(editor, text, a.name ?? 'text', 'editor.cmd.insertText');
      if (a.fontFamily) void editor.loadFont(a.fontFamily);
    },
  } satisfies Command<{ text?: string } | undefined>,
  shape(
    'insert.rect',
    'editor.cmd.insertRect',
    (a: ShapeArgs & { width?: number; height?: number; rx?: number }) =>
      new Rect({
        width: a.width ?? 240,
        height: a.height ?? 160,
        rx: a.rx ?? 0,
        ry: a.rx ?? 0,
        fill: a.fill ?? '#2f6bff',
        stroke: a.stroke ?? null,
        strokeWidth: a.strokeWidth ?? 0,
      }),
    'rect',
  ),
  shape(
    'insert.circle',
    'editor.cmd.insertCircle',
    (a: ShapeArgs & { radius?: number }) =>
      new Circle({
        radius: a.radius ?? 100,
        fill: a.fill ?? '#ff7a00',
        stroke: a.stroke ?? null,
        strokeWidth: a.strokeWidth ?? 0,
      }),
    'circle',
  ),
  shape(
    'insert.triangle',
    'editor.cmd.insertTriangle',
    (a: ShapeArgs & { width?: number; height?: number }) =>
      new Triangle({
        width: a.width ?? 200,
        height: a.height ?? 180,
        fill: a.fill ?? '#16a34a',
        stroke: a.stroke ?? null,
        strokeWidth: a.strokeWidth ?? 0,
      }),
    'triangle',
  ),
  shape(
    'insert.polygon',
    'editor.cmd.insertPolygon',
    (a: ShapeArgs & { sides?: number; radius?: number; points?: { x: number; y: number }[] }) =>
      new Polygon(
        a.points && a.points.length >= 3
          ? a.points
          : regularPolygonPoints(Math.max(3, Math.min(24, a.sides ?? 6)), a.radius ?? 100),
        {
          fill: a.fill ?? '#9333ea',
          stroke: a.stroke ?? null,
          strokeWidth: a.strokeWidth ?? 0,
        },
      ),
    'polygon',
  ),
  shape(
    'insert.line',
    'editor.cmd.insertLine',
    (a: ShapeArgs & { length?: number; x1?: number; y1?: number; x2?: number; y2?: number }) =>
      new Line(a.x1 !== undefined ? [a.x1, a.y1 ?? 0, a.x2 ?? a.x1, a.y2 ?? 0] : [0, 0, a.length ?? 300, 0], {
        stroke: a.stroke ?? '#222222',
        strokeWidth: a.strokeWidth ?? 6,
        strokeLineCap: 'round',
      }),
    'line',
  ),
  shape(
    'insert.arrow',
    'editor.cmd.insertArrow',
    (a: ShapeArgs & { length?: number }) => {
      const l = a.length ?? 300;
      return new Path(`M 0 20 L ${l} 20 M ${l - 24} 0 L ${l} 20 L ${l - 24} 40`, {
        fill: '',
        stroke: a.stroke ?? '#222222',
        strokeWidth: a.strokeWidth ?? 6,
        strokeLineCap: 'round',
        strokeLineJoin: 'round',
      });
    },
    'arrow',
  ),
  {
    id: 'insert.image',
    labelKey: 'editor.cmd.insertImage',
    isEnabled: always,
    perform: (editor: Editor, args: { url: string }) =>
      insertImageByUrl(editor, args.url, 'editor.cmd.insertImage'),
  } satisfies Command<{ url: string }>,
  {
    // Pasted/dropped/uploaded files never become data URLs: the UI's resolver uploads them (API.md §8).
    id: 'insert.uploadImage',
    labelKey: 'editor.cmd.uploadImage',
    isEnabled: (editor: Editor) => !!editor.options.assetResolver,
    perform: async (editor: Editor, args: { blob: Blob }) => {
      const url = await editor.options.assetResolver!.upload(args.blob);
      await insertImageByUrl(editor, url, 'editor.cmd.uploadImage');
    },
  } satisfies Command<{ blob: Blob }>,
  {
    id: 'insert.svg',
    labelKey: 'editor.cmd.insertSvg',
    isEnabled: always,
    perform: async (
      editor: Editor,
      args: { svg?: string; url?: string; name?: string; fraction?: number },
    ) => {
      let text = args.svg;
      if (text === undefined) {
        if (!args.url || !isAllowedAssetUrl(args.url, editor.options.allowedOrigins))
          throw new Error(`SVG URL not allowed: ${String(args.url)}`);
        const res = await fetch(args.url);
        if (!res.ok) throw new Error(`SVG fetch failed: ${res.status}`);
        text = await res.text();
      }
      const clean = sanitizeSvg(text, { allowedOrigins: editor.options.allowedOrigins });
      if (!clean.trim()) throw new Error('SVG is empty after sanitizing');
      const { objects, options } = await loadSVGFromString(clean);
      const parts = objects.filter((o): o is NonNullable<typeof o> => !!o);
      if (parts.length === 0) throw new Error('SVG has no drawable elements');
      const obj = util.groupSVGElements(parts, options);
      fitInto(editor, obj, args.fraction ?? 0.4);
      place(editor, obj, args.name ?? 'svg', 'editor.cmd.insertSvg');
    },
  } satisfies Command<{ svg?: string; url?: string }>,
];
