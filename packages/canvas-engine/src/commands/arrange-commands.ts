import type { Canvas } from 'fabric';
import type { EngineObject } from '../serialize';
import { boundsOf, moveBy, selectedAtLeast, targetsOf, type TargetArgs } from './helpers';
import type { AnyCommand, Command } from './registry';

const byIndex = (canvas: Canvas, objects: EngineObject[], descending: boolean) => {
  const all = canvas.getObjects();
  return [...objects].sort((a, b) =>
    descending ? all.indexOf(b) - all.indexOf(a) : all.indexOf(a) - all.indexOf(b),
  );
};

const arrange = (
  id: string,
  labelKey: string,
  shortcut: string,
  descending: boolean,
  move: (c: Canvas, o: EngineObject) => void,
): Command<TargetArgs | undefined> => ({
  id,
  labelKey,
  shortcut,
  isEnabled: (e, a) => targetsOf(e, a).length > 0,
  perform: (e, args) => {
    const targets = targetsOf(e, args);
    const selected = e.getSelectedObjects();
    e.canvas.discardActiveObject();
    e.reorder((c) => byIndex(c, targets, descending).forEach((o) => move(c, o)), { labelKey });
    e.select(selected);
  },
});

/** Moves objects so their common bounding box is centred on the design (h, v or both). */
const centre = (id: string, labelKey: string, h: boolean, v: boolean): Command<TargetArgs | undefined> => ({
  id,
  labelKey,
  isEnabled: (e, a) => targetsOf(e, a).length > 0,
  perform: (e, args) => {
    const { width, height } = e.getSize();
    e.mutate(
      targetsOf(e, args),
      (objs) => {
        const b = boundsOf(objs);
        const dx = h ? width / 2 - (b.left + b.right) / 2 : 0;
        const dy = v ? height / 2 - (b.top + b.bottom) / 2 : 0;
        objs.forEach((o) => moveBy(o, dx, dy));
      },
      { labelKey },
    );
  },
});

type Edge = 'left' | 'centerH' | 'right' | 'top' | 'centerV' | 'bottom';

/** Aligns each selected object's bounding box to the selection's edge or centre. */
const align = (edge: Edge, labelKey: string): Command<TargetArgs | undefined> => ({
  id: `align.${edge}`,
  labelKey,
  isEnabled: selectedAtLeast(2),
  perform: (e, args) => {
    e.mutate(
      targetsOf(e, args),
      (objs) => {
        const b = boundsOf(objs);
        for (const o of objs) {
          const r = o.getBoundingRect();
          const dx =
            edge === 'left'
              ? b.left - r.left
              : edge === 'right'
                ? b.right - (r.left + r.width)
                : edge === 'centerH'
                  ? (b.left + b.right) / 2 - (r.left + r.width / 2)
                  : 0;
          const dy =
            edge === 'top'
              ? b.top - r.top
              : edge === 'bottom'
                ? b.bottom - (r.top + r.height)
                : edge === 'centerV'
                  ? (b.top + b.bottom) / 2 - (r.top + r.height / 2)
                  : 0;
          moveBy(o, dx, dy);
        }
      },
      { labelKey },
    );
  },
});

/** Spaces objects so the gaps between neighbouring bounding boxes are equal (first and last stay). */
const distribute = (axis: 'h' | 'v', labelKey: string): Command<TargetArgs | undefined> => ({
  id: axis === 'h' ? 'align.distributeH' : 'align.distributeV',
  labelKey,
  isEnabled: selectedAtLeast(3),
  perform: (e, args) => {
    e.mutate(
      targetsOf(e, args),
      (objs) => {
        const items = objs.map((o) => ({ o, r: o.getBoundingRect() }));
        const start = (r: { left: number; top: number }) => (axis === 'h' ? r.left : r.top);
        const length = (r: { width: number; height: number }) => (axis === 'h' ? r.width : r.height);
        items.sort((a, b) => start(a.r) - start(b.r));
        const first = items[0]!;
        const last = items.reduce(
          (m, i) => (start(i.r) + length(i.r) > start(m.r) + length(m.r) ? i : m),
          first,
        );
        const span = start(last.r) + length(last.r) - start(first.r);
        const gap = (span - items.reduce((s, i) => s + length(i.r), 0)) / (items.length - 1);
        let cursor = start(first.r);
        for (const i of items) {
          const d = cursor - start(i.r);
          moveBy(i.o, axis === 'h' ? d : 0, axis === 'v' ? d : 0);
          cursor += length(i.r) + gap;
        }
      },
      { labelKey },
    );
  },
});

/** Arguments of `arrange.moveTo`: layer-panel drag and drop; `index` 0 = bottom of the stack. */
export interface MoveToArgs {
  id: string;
  index: number;
}

export const ARRANGE_COMMANDS: AnyCommand[] = [
  {
    id: 'arrange.moveTo',
    labelKey: 'editor.cmd.moveTo',
    isEnabled: (e, a?: MoveToArgs) => !!a && !!e.getObjectById(a.id),
    perform: (e, args: MoveToArgs) => {
      const o = e.getObjectById(args.id)!;
      const index = Math.max(0, Math.min(e.canvas.getObjects().length - 1, Math.round(args.index)));
      e.reorder((c) => c.moveObjectTo(o, index), { labelKey: 'editor.cmd.moveTo' });
    },
  } satisfies Command<MoveToArgs>,
  arrange('arrange.bringForward', 'editor.cmd.bringForward', 'Mod+]', true, (c, o) =>
    c.bringObjectForward(o),
  ),
  arrange('arrange.sendBackward', 'editor.cmd.sendBackward', 'Mod+[', false, (c, o) =>
    c.sendObjectBackwards(o),
  ),
  arrange('arrange.bringToFront', 'editor.cmd.bringToFront', 'Mod+Shift+]', false, (c, o) =>
    c.bringObjectToFront(o),
  ),
  arrange('arrange.sendToBack', 'editor.cmd.sendToBack', 'Mod+Shift+[', true, (c, o) =>
    c.sendObjectToBack(o),
  ),
  centre('position.centerH', 'editor.cmd.centerH', true, false),
  centre('position.centerV', 'editor.cmd.centerV', false, true),
  centre('position.center', 'editor.cmd.center', true, true),
  align('left', 'editor.cmd.alignLeft'),
  align('centerH', 'editor.cmd.alignCenterH'),
  align('right', 'editor.cmd.alignRight'),
  align('top', 'editor.cmd.alignTop'),
  align('bottom', 'editor.cmd.alignBottom'),
  align('centerV', 'editor.cmd.alignCenterV'),
  distribute('h', 'editor.cmd.distributeH'),
  distribute('v', 'editor.cmd.distributeV'),
];
