import { Group } from 'fabric';
import type { Editor } from '../editor';
import { createId } from '../ids';
import { enlivenData, syncLock, type EngineObject } from '../serialize';
import type { ObjectData } from '../types';
import { hasSelection, moveBy, selectedAtLeast, targetsOf, type TargetArgs } from './helpers';
import type { AnyCommand, Command } from './registry';

/** Pixels an arrow key moves the selection; with Shift 10 (issue #4). */
export const NUDGE_STEP = 1;
export const NUDGE_STEP_SHIFT = 10;
/** Pixels each paste is offset from the previous one. */
export const PASTE_OFFSET = 10;

/** Deep copy of stored objects with fresh ids (children of groups too). */
function withNewIds(data: ObjectData[]): ObjectData[] {
  return data.map((d) => ({
    ...structuredClone(d),
    id: createId(),
    ...(Array.isArray(d.objects) ? { objects: withNewIds(d.objects as ObjectData[]) } : {}),
  }));
}

async function pasteData(
  editor: Editor,
  data: ObjectData[],
  offset: number,
  labelKey: string,
): Promise<void> {
  const copies = withNewIds(data).map((d) => ({
    ...d,
    left: (d.left as number) + offset,
    top: (d.top as number) + offset,
  }));
  const objects = await enlivenData(copies);
  editor.addObjects(objects, { labelKey });
}

const unlocked = (objects: EngineObject[]) => objects.filter((o) => !o.locked);

const nudge = (
  id: string,
  labelKey: string,
  key: string,
  ux: number,
  uy: number,
): Command<{ step?: number; shiftKey?: boolean } | undefined> => ({
  id,
  labelKey,
  shortcut: [key, `Shift+${key}`],
  isEnabled: (editor) => unlocked(editor.getSelectedObjects()).length > 0,
  perform: (editor, args) => {
    const step = args?.step ?? (args?.shiftKey ? NUDGE_STEP_SHIFT : NUDGE_STEP);
    // Holding an arrow key is one undo step (coalesced within 1 s).
    editor.mutate(
      unlocked(editor.getSelectedObjects()),
      (objs) => objs.forEach((o) => moveBy(o, ux * step, uy * step)),
      { labelKey, coalesceKey: 'nudge' },
    );
  },
});

const setFlag = (
  id: string,
  labelKey: string,
  apply: (o: EngineObject) => void,
  enabled: (e: Editor, a?: TargetArgs) => boolean = (e, a) => targetsOf(e, a).length > 0,
): Command<TargetArgs | undefined> => ({
  id,
  labelKey,
  isEnabled: (editor, args) => enabled(editor, args),
  perform: (editor, args) => {
    const targets = targetsOf(editor, args);
    if (targets.length) editor.mutate(targets, (objs) => objs.forEach(apply), { labelKey });
  },
});

export const EDIT_COMMANDS: AnyCommand[] = [
  {
    id: 'edit.undo',
    labelKey: 'editor.cmd.undo',
    shortcut: 'Mod+Z',
    isEnabled: (e: Editor) => e.history.canUndo,
    perform: (e: Editor) => e.undo(),
  },
  {
    id: 'edit.redo',
    labelKey: 'editor.cmd.redo',
    shortcut: ['Mod+Shift+Z', 'Mod+Y'],
    isEnabled: (e: Editor) => e.history.canRedo,
    perform: (e: Editor) => e.redo(),
  },
  {
    id: 'edit.delete',
    labelKey: 'editor.cmd.delete',
    shortcut: ['Delete', 'Backspace'],
    isEnabled: (e: Editor, args?: TargetArgs) => unlocked(targetsOf(e, args)).length > 0,
    perform: (e: Editor, args?: TargetArgs) =>
      e.removeObjects(unlocked(targetsOf(e, args)), { labelKey: 'editor.cmd.delete' }),
  },
  {
    id: 'edit.copy',
    labelKey: 'editor.cmd.copy',
    shortcut: 'Mod+C',
    isEnabled: hasSelection,
    perform: (e: Editor) => {
      const all = e.canvas.getObjects();
      e.clipboardData = [...e.getSelectedObjects()]
        .sort((a, b) => all.indexOf(a) - all.indexOf(b))
        .map((o) => e.serialize(o));
      e.pasteCount = 0;
    },
  },
  {
    id: 'edit.paste',
    labelKey: 'editor.cmd.paste',
    shortcut: 'Mod+V',
    isEnabled: (e: Editor) => e.clipboardData.length > 0,
    perform: async (e: Editor) => {
      e.pasteCount += 1;
      await pasteData(e, e.clipboardData, PASTE_OFFSET * e.pasteCount, 'editor.cmd.paste');
    },
  },
  {
    id: 'edit.duplicate',
    labelKey: 'editor.cmd.duplicate',
    shortcut: 'Mod+D',
    isEnabled: hasSelection,
    perform: async (e: Editor, args?: TargetArgs) => {
      const all = e.canvas.getObjects();
      const data = [...targetsOf(e, args)]
        .sort((a, b) => all.indexOf(a) - all.indexOf(b))
        .map((o) => e.serialize(o));
      await pasteData(e, data, PASTE_OFFSET, 'editor.cmd.duplicate');
    },
  },
  {
    id: 'edit.selectAll',
    labelKey: 'editor.cmd.selectAll',
    shortcut: 'Mod+A',
    isEnabled: (e: Editor) => e.canvas.getObjects().length > 0,
    perform: (e: Editor) => e.select(e.canvas.getObjects().filter((o) => o.visible)),
  },
  {
    id: 'edit.selectNone',
    labelKey: 'editor.cmd.selectNone',
    shortcut: 'Escape',
    isEnabled: hasSelection,
    perform: (e: Editor) => e.select([]),
  },
  setFlag('object.lock', 'editor.cmd.lock', (o) => {
    o.locked = true;
    syncLock(o);
  }),
  setFlag('object.unlock', 'editor.cmd.unlock', (o) => {
    o.locked = false;
    syncLock(o);
  }),
  {
    id: 'object.toggleLock',
    labelKey: 'editor.cmd.toggleLock',
    shortcut: 'Mod+L',
    isEnabled: (e: Editor, args?: TargetArgs) => targetsOf(e, args).length > 0,
    perform: (e: Editor, args?: TargetArgs) => {
      const targets = targetsOf(e, args);
      const lock = !targets.every((o) => o.locked);
      e.mutate(targets, (objs) => objs.forEach((o) => ((o.locked = lock), syncLock(o))), {
        labelKey: 'editor.cmd.toggleLock',
      });
    },
  },
  setFlag('object.hide', 'editor.cmd.hide', (o) => o.set('visible', false)),
  setFlag('object.show', 'editor.cmd.show', (o) => o.set('visible', true)),
  {
    id: 'object.toggleVisible',
    labelKey: 'editor.cmd.toggleVisible',
    isEnabled: (e: Editor, args?: TargetArgs) => targetsOf(e, args).length > 0,
    perform: (e: Editor, args?: TargetArgs) => {
      const targets = targetsOf(e, args);
      const show = !targets.every((o) => o.visible);
      e.mutate(targets, (objs) => objs.forEach((o) => o.set('visible', show)), {
        labelKey: 'editor.cmd.toggleVisible',
      });
    },
  },
  {
    id: 'object.rename',
    labelKey: 'editor.cmd.rename',
    isEnabled: () => true,
    perform: (e: Editor, args: { id: string; name: string }) => {
      const o = e.getObjectById(args.id);
      if (!o) throw new Error(`no object ${args.id}`);
      const name = args.name.trim().slice(0, 100);
      e.mutate([o], () => (o.name = name), { labelKey: 'editor.cmd.rename' });
    },
  } satisfies Command<{ id: string; name: string }>,
  {
    id: 'object.group',
    labelKey: 'editor.cmd.group',
    shortcut: 'Mod+G',
    isEnabled: selectedAtLeast(2),
    perform: (e: Editor) => void e.groupObjects(e.getSelectedObjects(), { labelKey: 'editor.cmd.group' }),
  },
  {
    id: 'object.ungroup',
    labelKey: 'editor.cmd.ungroup',
    shortcut: 'Mod+Shift+G',
    isEnabled: (e: Editor) => {
      const s = e.getSelectedObjects();
      return s.length === 1 && s[0] instanceof Group;
    },
    perform: (e: Editor) =>
      void e.ungroupObject(e.getSelectedObjects()[0] as Group & EngineObject, {
        labelKey: 'editor.cmd.ungroup',
      }),
  },
  setFlag('object.flipX', 'editor.cmd.flipX', (o) => o.set('flipX', !o.flipX)),
  setFlag('object.flipY', 'editor.cmd.flipY', (o) => o.set('flipY', !o.flipY)),
  nudge('object.nudgeLeft', 'editor.cmd.nudgeLeft', 'ArrowLeft', -1, 0),
  nudge('object.nudgeRight', 'editor.cmd.nudgeRight', 'ArrowRight', 1, 0),
  nudge('object.nudgeUp', 'editor.cmd.nudgeUp', 'ArrowUp', 0, -1),
  nudge('object.nudgeDown', 'editor.cmd.nudgeDown', 'ArrowDown', 0, 1),
];
