import { FabricImage, FabricText } from 'fabric';
import type { Editor } from '../editor';
import { applyProps, objectToData, type EngineObject } from '../serialize';
import type { AttributeKey, FilterData, ShadowData } from '../types';
import { targetsOf, type TargetArgs } from './helpers';
import type { AnyCommand, Command } from './registry';

/** Attributes only text objects take. */
const TEXT_ONLY = new Set<AttributeKey>([
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
]);

/** Arguments of `attr.set`: attribute values in document form (shadow may be partial, null removes it). */
export interface SetAttributesArgs extends TargetArgs {
  attrs: Partial<Record<AttributeKey, unknown>> & { shadow?: Partial<ShadowData> | null };
  /** Repeated changes with the same key within 1 s are one undo step (e.g. typing in a number field). */
  coalesceKey?: string;
}

const DEFAULT_SHADOW: ShadowData = { color: 'rgba(0,0,0,0.5)', blur: 10, offsetX: 5, offsetY: 5 };

function setAttributes(
  editor: Editor,
  targets: EngineObject[],
  attrs: SetAttributesArgs['attrs'],
  labelKey: string,
  coalesceKey?: string,
): void {
  editor.mutate(
    targets,
    (objs) => {
      for (const o of objs) {
        const props: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(attrs)) {
          if (TEXT_ONLY.has(key as AttributeKey) && !(o instanceof FabricText)) continue;
          if (key === 'filters' && !(o instanceof FabricImage)) continue;
          if (key === 'shadow' && value) {
            const current = (objectToData(editor.canvas, o).shadow as ShadowData | null) ?? DEFAULT_SHADOW;
            props.shadow = {
              color: current.color,
              blur: current.blur,
              offsetX: current.offsetX,
              offsetY: current.offsetY,
              ...(value as Partial<ShadowData>),
            };
          } else props[key] = value;
        }
        applyProps(o, props);
      }
    },
    { labelKey, coalesceKey },
  );
}

const toggle = (
  id: string,
  labelKey: string,
  shortcut: string | undefined,
  key: AttributeKey,
  on: unknown,
  off: unknown,
): Command<TargetArgs | undefined> => ({
  id,
  labelKey,
  shortcut,
  isEnabled: (e, a) => targetsOf(e, a).some((o) => o instanceof FabricText),
  perform: (e, args) => {
    const texts = targetsOf(e, args).filter((o) => o instanceof FabricText);
    const allOn = texts.every((o) => (o as unknown as Record<string, unknown>)[key] === on);
    setAttributes(e, texts, { [key]: allOn ? off : on }, labelKey);
  },
});

/** Arguments of `filter.set`: one image filter; `options` null removes the filter of that type. */
export interface SetFilterArgs extends TargetArgs {
  type: FilterData['type'];
  options: Record<string, number | string | boolean> | null;
  coalesceKey?: string;
}

export const STYLE_COMMANDS: AnyCommand[] = [
  {
    id: 'attr.set',
    labelKey: 'editor.cmd.setAttributes',
    isEnabled: (e: Editor, a?: SetAttributesArgs) => targetsOf(e, a).length > 0,
    perform: async (e: Editor, args: SetAttributesArgs) => {
      const family = args.attrs.fontFamily;
      // The font must be loaded before the text is measured; on failure nothing changes (state: failed).
      if (typeof family === 'string' && e.fonts.find(family) && !(await e.loadFont(family))) return;
      setAttributes(e, targetsOf(e, args), args.attrs, 'editor.cmd.setAttributes', args.coalesceKey);
    },
  } satisfies Command<SetAttributesArgs>,
  toggle('attr.toggleBold', 'editor.cmd.bold', 'Mod+B', 'fontWeight', 'bold', 'normal'),
  toggle('attr.toggleItalic', 'editor.cmd.italic', 'Mod+I', 'fontStyle', 'italic', 'normal'),
  toggle('attr.toggleUnderline', 'editor.cmd.underline', 'Mod+U', 'underline', true, false),
  // "swipe-up" in the spec is fabric's overline.
  toggle('attr.toggleOverline', 'editor.cmd.overline', undefined, 'overline', true, false),
  toggle('attr.toggleLinethrough', 'editor.cmd.linethrough', undefined, 'linethrough', true, false),
  {
    id: 'filter.set',
    labelKey: 'editor.cmd.setFilter',
    isEnabled: (e: Editor, a?: SetFilterArgs) => targetsOf(e, a).some((o) => o instanceof FabricImage),
    perform: (e: Editor, args: SetFilterArgs) => {
      const images = targetsOf(e, args).filter((o) => o instanceof FabricImage);
      e.mutate(
        images,
        (objs) => {
          for (const o of objs) {
            const current = (objectToData(e.canvas, o).filters as FilterData[] | undefined) ?? [];
            const others = current.filter((f) => f.type !== args.type);
            const next = args.options === null ? others : [...others, { type: args.type, ...args.options }];
            applyProps(o, { filters: next });
          }
        },
        { labelKey: 'editor.cmd.setFilter', coalesceKey: args.coalesceKey },
      );
    },
  } satisfies Command<SetFilterArgs>,
  {
    id: 'filter.clear',
    labelKey: 'editor.cmd.clearFilters',
    isEnabled: (e: Editor, a?: TargetArgs) => targetsOf(e, a).some((o) => o instanceof FabricImage),
    perform: (e: Editor, args?: TargetArgs) => {
      const images = targetsOf(e, args).filter((o) => o instanceof FabricImage);
      e.mutate(images, (objs) => objs.forEach((o) => applyProps(o, { filters: [] })), {
        labelKey: 'editor.cmd.clearFilters',
      });
    },
  },
];
