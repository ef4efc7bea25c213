import type { Editor } from '../editor';
import type { EngineObject } from '../serialize';

/** Arguments naming target objects explicitly (layer panel); otherwise the selection is the target. */
export interface TargetArgs {
  ids?: string[];
}

/** The objects a command acts on: `args.ids` when given, else the selection. */
export function targetsOf(editor: Editor, args?: TargetArgs): EngineObject[] {
  if (args?.ids) return args.ids.map((id) => editor.getObjectById(id)).filter((o): o is EngineObject => !!o);
  return editor.getSelectedObjects();
}

/** True when something is selected. */
export const hasSelection = (editor: Editor): boolean => editor.getSelectedObjects().length > 0;

/** True when at least `n` objects are selected. */
export const selectedAtLeast =
  (n: number) =>
  (editor: Editor): boolean =>
    editor.getSelectedObjects().length >= n;

/** Scene bounding box (pixels) of objects with absolute coordinates. */
export function boundsOf(objects: EngineObject[]): {
  left: number;
  top: number;
  right: number;
  bottom: number;
} {
  const boxes = objects.map((o) => o.getBoundingRect());
  return {
    left: Math.min(...boxes.map((b) => b.left)),
    top: Math.min(...boxes.map((b) => b.top)),
    right: Math.max(...boxes.map((b) => b.left + b.width)),
    bottom: Math.max(...boxes.map((b) => b.top + b.height)),
  };
}

/** Moves an object by dx, dy pixels. */
export function moveBy(o: EngineObject, dx: number, dy: number): void {
  o.set({ left: o.left + dx, top: o.top + dy });
  o.setCoords();
}
