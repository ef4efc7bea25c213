import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Editor } from '../editor';
import { BUILT_IN_COMMANDS } from './registry';
import { checkCommand } from '../test/check-command';
import { FIXTURE_PNG, makeEditor, snapshot } from '../test/helpers';
import type { ObjectData, PosterDocument } from '../types';

let editor: Editor;
beforeEach(() => {
  editor = makeEditor();
});
afterEach(async () => {
  await editor.dispose();
});

const last = (doc: PosterDocument): ObjectData => doc.objects[doc.objects.length - 1]!;
const byId = (doc: PosterDocument, id: string) => doc.objects.find((o) => o.id === id)!;
const types = (doc: PosterDocument) => doc.objects.map((o) => o.type);
const ids = (doc: PosterDocument) => doc.objects.map((o) => o.id);

/** Adds three rectangles at known places and returns their ids (bottom to top). */
async function threeRects(): Promise<string[]> {
  const out: string[] = [];
  for (const [left, top, width] of [
    [100, 100, 100],
    [400, 300, 50],
    [800, 500, 200],
  ] as const) {
    await editor.run('insert.rect', { width, height: 80 });
    await editor.run('attr.set', { attrs: { left, top } });
    out.push(editor.getState().selection.ids[0]!);
  }
  editor.selectIds(out);
  return out;
}

describe('every command declares id, i18n label key and an enablement check', () => {
  it('has unique ids and editor.cmd.* label keys', () => {
    const list = BUILT_IN_COMMANDS.map((c) => c.id);
    expect(new Set(list).size).toBe(list.length);
    for (const c of BUILT_IN_COMMANDS) {
      expect(c.labelKey).toMatch(/^editor\.cmd\.[a-zA-Z]+$/);
      expect(typeof c.isEnabled).toBe('function');
    }
  });
});

describe('insert', () => {
  it.each([
    ['insert.text', { text: 'Hello' }, 'Textbox'],
    ['insert.rect', undefined, 'Rect'],
    ['insert.circle', undefined, 'Circle'],
    ['insert.triangle', undefined, 'Triangle'],
    ['insert.polygon', { sides: 5 }, 'Polygon'],
    ['insert.line', undefined, 'Line'],
    ['insert.arrow', undefined, 'Path'],
    ['insert.image', { url: FIXTURE_PNG }, 'Image'],
  ])('%s adds a %s at the centre, one undo step', async (id, args, type) => {
    await checkCommand(editor, id, args, (after) => {
      expect(types(after)).toEqual([type]);
      expect(last(after)).toMatchObject({ left: 450, top: 600 });
    });
  });

  it('insert.polygon has the asked number of corners', async () => {
    await editor.run('insert.polygon', { sides: 5 });
    expect((last(editor.toDocument()).points as unknown[]).length).toBe(5);
  });

  it('insert.polygon with drawn points and insert.line with drawn ends keep their place', async () => {
    await checkCommand(
      editor,
      'insert.polygon',
      {
        points: [
          { x: 100, y: 100 },
          { x: 200, y: 100 },
          { x: 150, y: 180 },
        ],
      },
      (after) => expect(last(after)).toMatchObject({ left: 150, top: 140, width: 100, height: 80 }),
    );
    await checkCommand(editor, 'insert.line', { x1: 10, y1: 20, x2: 110, y2: 20 }, (after) =>
      expect(last(after)).toMatchObject({ left: 60, top: 20, x1: -50, x2: 50 }),
    );
  });

  it('insert.svg from a string adds a sanitized group', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10" fill="red" onclick="x()"/><circle cx="15" cy="15" r="4" fill="blue"/></svg>';
    await checkCommand(editor, 'insert.svg', { svg }, (after) => {
      expect(types(after)).toEqual(['Group']);
      expect(JSON.stringify(after)).not.toMatch(/alert|onclick|onload/);
    });
  });

  it('insert.svg from an allowed URL; refuses other origins', async () => {
    const url = URL.createObjectURL(
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>'], {
        type: 'image/svg+xml',
      }),
    );
    await expect(editor.run('insert.svg', { url })).rejects.toThrow(/not allowed/);
    await expect(editor.run('insert.svg', { url: 'https://evil.example.com/x.svg' })).rejects.toThrow(
      /not allowed/,
    );
    expect(editor.toDocument().objects).toHaveLength(0);
  });

  it('insert.image refuses data: and foreign URLs', async () => {
    await expect(editor.run('insert.image', { url: 'data:image/png;base64,AAAA' })).rejects.toThrow(
      /not allowed/,
    );
    await expect(editor.run('insert.image', { url: 'https://evil.example.com/a.png' })).rejects.toThrow(
      /not allowed/,
    );
  });

  it('insert.uploadImage goes through the assetResolver and stores the returned URL', async () => {
    await editor.dispose();
    const uploaded: Blob[] = [];
    editor = makeEditor({ assetResolver: { upload: async (b) => (uploaded.push(b), FIXTURE_PNG) } });
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await checkCommand(editor, 'insert.uploadImage', { blob }, (after) => {
      expect(uploaded).toEqual([blob]);
      expect(last(after).src).toBe(FIXTURE_PNG);
    });
  });

  it('insert.uploadImage is disabled without an assetResolver', async () => {
    expect(editor.canRun('insert.uploadImage')).toBe(false);
  });
});

describe('edit', () => {
  it('edit.delete removes the selection; locked objects are kept', async () => {
    const [a, b] = await threeRects();
    editor.selectIds([a!, b!]);
    await checkCommand(editor, 'edit.delete', undefined, (after, before) => {
      expect(ids(after)).toEqual(ids(before).slice(2));
    });
    await editor.run('object.lock', { ids: [ids(editor.toDocument())[0]!] });
    editor.selectIds(ids(editor.toDocument()));
    expect(editor.canRun('edit.delete')).toBe(false);
  });

  it('edit.copy + edit.paste adds copies with new ids offset by 10 px each paste', async () => {
    const [a] = await threeRects();
    editor.selectIds([a!]);
    await editor.run('edit.copy');
    await checkCommand(editor, 'edit.paste', undefined, (after) => {
      const copy = last(after);
      expect(copy.id).not.toBe(a);
      expect(copy).toMatchObject({ left: 110, top: 110, width: 100 });
    });
    await editor.run('edit.paste');
    expect(last(editor.toDocument())).toMatchObject({ left: 120, top: 120 });
  });

  it('edit.duplicate copies the selection (groups with fresh child ids)', async () => {
    const [a, b] = await threeRects();
    editor.selectIds([a!, b!]);
    await editor.run('object.group');
    await checkCommand(editor, 'edit.duplicate', undefined, (after) => {
      const [g1, g2] = after.objects.filter((o) => o.type === 'Group');
      expect(g2!.id).not.toBe(g1!.id);
      const childIds = (g: ObjectData) => (g.objects as ObjectData[]).map((c) => c.id);
      expect(childIds(g2!).some((id) => childIds(g1!).includes(id))).toBe(false);
      expect(g2!.left).toBe((g1!.left as number) + 10);
    });
  });

  it('edit.selectAll selects every visible object (not a history step)', async () => {
    await threeRects();
    editor.select([]);
    const steps = editor.history.size;
    await editor.run('edit.selectAll');
    expect(editor.getState().selection.ids).toHaveLength(3);
    expect(editor.history.size).toBe(steps);
  });
});

describe('object', () => {
  it.each([
    ['object.lock', { locked: true }],
    ['object.hide', { visible: false }],
    ['object.flipX', { flipX: true }],
    ['object.flipY', { flipY: true }],
  ])('%s', async (id, expected) => {
    await editor.run('insert.rect');
    await checkCommand(editor, id, undefined, (after) => expect(last(after)).toMatchObject(expected));
  });

  it('object.unlock / object.show / toggles by layer id without a selection', async () => {
    await editor.run('insert.rect');
    const id = editor.getState().selection.ids[0]!;
    await editor.run('object.lock');
    await editor.run('object.hide');
    editor.select([]);
    await checkCommand(editor, 'object.unlock', { ids: [id] }, (after) =>
      expect(byId(after, id).locked).toBe(false),
    );
    await checkCommand(editor, 'object.show', { ids: [id] }, (after) =>
      expect(byId(after, id).visible).toBe(true),
    );
    await checkCommand(editor, 'object.toggleLock', { ids: [id] }, (after) =>
      expect(byId(after, id).locked).toBe(true),
    );
    await checkCommand(editor, 'object.toggleVisible', { ids: [id] }, (after) =>
      expect(byId(after, id).visible).toBe(false),
    );
    expect(editor.getState().layers[0]).toMatchObject({ id, locked: true, visible: false });
  });

  it('a locked object cannot be moved by the mouse', async () => {
    await editor.run('insert.rect');
    await editor.run('object.lock');
    const o = editor.getSelectedObjects()[0]!;
    expect([o.lockMovementX, o.lockMovementY, o.hasControls]).toEqual([true, true, false]);
  });

  it('object.rename', async () => {
    await editor.run('insert.rect');
    const id = editor.getState().selection.ids[0]!;
    await checkCommand(editor, 'object.rename', { id, name: ' Hero banner ' }, (after) =>
      expect(byId(after, id).name).toBe('Hero banner'),
    );
    expect(editor.getState().layers[0]!.name).toBe('Hero banner');
  });

  it('object.group and object.ungroup keep absolute positions and stack places', async () => {
    const [a, b, c] = await threeRects();
    editor.selectIds([a!, c!]);
    const grouped = await checkCommand(editor, 'object.group', undefined, (after) => {
      expect(types(after)).toEqual(['Rect', 'Group']);
      expect(after.objects[0]!.id).toBe(b);
    });
    editor.selectIds([last(grouped).id]);
    await checkCommand(editor, 'object.ungroup', undefined, (after, before) => {
      expect(types(after)).toEqual(['Rect', 'Rect', 'Rect']);
      expect(ids(after)).toEqual([b, a, c]);
      expect(byId(after, a!).left).toBeCloseTo(100, 6);
      expect(byId(after, c!).top).toBeCloseTo(500, 6);
      expect(before).not.toEqual(after);
    });
  });

  it('ungrouping a rotated group bakes the rotation into the members', async () => {
    const [a, , c] = await threeRects();
    editor.selectIds([a!, c!]);
    await editor.run('object.group');
    await editor.run('attr.set', { attrs: { angle: 90 } });
    await checkCommand(editor, 'object.ungroup', undefined, (after) => {
      expect(byId(after, a!).angle).toBeCloseTo(90, 6);
    });
  });

  it.each([
    ['object.nudgeLeft', -1, 0],
    ['object.nudgeRight', 1, 0],
    ['object.nudgeUp', 0, -1],
    ['object.nudgeDown', 0, 1],
  ])('%s moves 1 px, 10 px with shift', async (id, dx, dy) => {
    await editor.run('insert.rect');
    await checkCommand(editor, id, undefined, (after, before) => {
      expect(last(after).left).toBe((last(before).left as number) + dx);
      expect(last(after).top).toBe((last(before).top as number) + dy);
    });
    const x = last(editor.toDocument()).left as number;
    await editor.run(id, { shiftKey: true });
    expect(last(editor.toDocument()).left).toBe(x + dx * 10);
  });

  it('nudging a multi-selection moves every member', async () => {
    const [a, b] = await threeRects();
    editor.selectIds([a!, b!]);
    await checkCommand(editor, 'object.nudgeRight', { step: 10 }, (after) => {
      expect([byId(after, a!).left, byId(after, b!).left]).toEqual([110, 410]);
    });
  });
});

describe('arrange', () => {
  it.each([
    ['arrange.bringForward', 0, [1, 0, 2]],
    ['arrange.sendBackward', 2, [0, 2, 1]],
    ['arrange.bringToFront', 0, [1, 2, 0]],
    ['arrange.sendToBack', 2, [2, 0, 1]],
  ])('%s', async (id, pick, order) => {
    const rects = await threeRects();
    editor.selectIds([rects[pick]!]);
    await checkCommand(editor, id, undefined, (after) =>
      expect(ids(after)).toEqual(order.map((i) => rects[i])),
    );
  });
});

describe('layer panel', () => {
  it('arrange.moveTo moves a layer to a stack index', async () => {
    const rects = await threeRects();
    await checkCommand(editor, 'arrange.moveTo', { id: rects[2], index: 0 }, (after) =>
      expect(ids(after)).toEqual([rects[2], rects[0], rects[1]]),
    );
    expect(editor.canRun('arrange.moveTo', { id: 'nope', index: 0 })).toBe(false);
  });
});

describe('real pointer interaction', () => {
  /** Dispatches mouse events the way fabric listens to them (down on the canvas, move/up on the document), in design pixels. */
  function drag(from: { x: number; y: number }, to: { x: number; y: number }) {
    const el = editor.canvas.upperCanvasEl;
    const r = el.getBoundingClientRect();
    const init = (p: { x: number; y: number }, buttons: number): MouseEventInit => ({
      clientX: r.left + p.x,
      clientY: r.top + p.y,
      bubbles: true,
      cancelable: true,
      button: 0,
      buttons,
    });
    el.dispatchEvent(new MouseEvent('mousedown', init(from, 1)));
    for (let i = 1; i <= 5; i++) {
      const p = { x: from.x + ((to.x - from.x) * i) / 5, y: from.y + ((to.y - from.y) * i) / 5 };
      document.dispatchEvent(new MouseEvent('mousemove', init(p, 1)));
    }
    document.dispatchEvent(new MouseEvent('mouseup', init(to, 0)));
  }

  it('dragging an object with the mouse is one undo step that restores exactly', async () => {
    await editor.run('insert.rect', { width: 100, height: 100 });
    editor.select([]);
    const before = snapshot(editor);
    drag({ x: 450, y: 600 }, { x: 500, y: 630 });
    const after = snapshot(editor);
    expect(last(after)).toMatchObject({ left: 500, top: 630 });
    expect(editor.history.size).toBe(2);
    await editor.undo();
    expect(snapshot(editor)).toEqual(before);
    await editor.redo();
    expect(snapshot(editor)).toEqual(after);
  });

  it('rotating with the rotation handle is recorded', async () => {
    await editor.run('insert.rect', { width: 100, height: 100 });
    const o = editor.getSelectedObjects()[0]!;
    const mtr = o.oCoords.mtr!;
    const before = snapshot(editor);
    drag({ x: mtr.x, y: mtr.y }, { x: 600, y: 600 });
    const angle = last(snapshot(editor)).angle as number;
    expect(angle).toBeGreaterThan(45);
    await editor.undo();
    expect(snapshot(editor)).toEqual(before);
  });
});

describe('position and alignment', () => {
  it.each([
    ['position.centerH', { left: 450 }],
    ['position.centerV', { top: 600 }],
    ['position.center', { left: 450, top: 600 }],
  ])('%s centres on the design', async (id, expected) => {
    await editor.run('insert.rect');
    await editor.run('attr.set', { attrs: { left: 10, top: 20 } });
    await checkCommand(editor, id, undefined, (after) => expect(last(after)).toMatchObject(expected));
  });

  // Bounding boxes: a 100×80 at (100,100) → x 50..150; b 50×80 at (400,300) → x 375..425; c 200×80 at (800,500) → x 700..900.
  // (strokeWidth 0, centre origin)
  it.each([
    ['align.left', 'left', [50, 50, 50], 'x0'],
    ['align.right', 'left', [900, 900, 900], 'x1'],
    ['align.centerH', 'left', [475, 475, 475], 'cx'],
    ['align.top', 'top', [60, 60, 60], 'y0'],
    ['align.bottom', 'top', [540, 540, 540], 'y1'],
    ['align.centerV', 'top', [300, 300, 300], 'cy'],
  ])('%s aligns the bounding boxes', async (id, _prop, expected, edge) => {
    await threeRects();
    await checkCommand(editor, id, undefined, () => {
      const boxes = editor.canvas.getObjects().map((o) => o.getBoundingRect());
      const value = (b: { left: number; top: number; width: number; height: number }) =>
        ({
          x0: b.left,
          x1: b.left + b.width,
          cx: b.left + b.width / 2,
          y0: b.top,
          y1: b.top + b.height,
          cy: b.top + b.height / 2,
        })[edge as 'x0'];
      boxes.forEach((b, i) => expect(value(b)).toBeCloseTo(expected[i]!, 6));
    });
  });

  it('align.* needs two objects, distribute three', async () => {
    await editor.run('insert.rect');
    expect(editor.canRun('align.left')).toBe(false);
    await editor.run('insert.rect');
    await editor.run('edit.selectAll');
    expect(editor.canRun('align.left')).toBe(true);
    expect(editor.canRun('align.distributeH')).toBe(false);
  });

  it('align.distributeH makes equal gaps', async () => {
    const [, b] = await threeRects();
    // gaps: total span 50..900 = 850, widths 100+50+200 = 350 → gap 250; b goes to 150+250 = 400..450 → centre 425
    await checkCommand(editor, 'align.distributeH', undefined, (after) =>
      expect(byId(after, b!).left).toBeCloseTo(425, 6),
    );
  });

  it('align.distributeV makes equal gaps', async () => {
    const [, b] = await threeRects();
    // tops 60, 260, 460 (heights 80): already equal gaps → move b down 20 so test can fail: put b at 250 first
    editor.selectIds([b!]);
    await editor.run('attr.set', { attrs: { top: 250 } });
    await editor.run('edit.selectAll');
    await checkCommand(editor, 'align.distributeV', undefined, (after) =>
      expect(byId(after, b!).top).toBeCloseTo(300, 6),
    );
  });
});

describe('attributes', () => {
  const textAttrs: [string, Record<string, unknown>][] = [
    ['fontSize', { fontSize: 30 }],
    ['textAlign', { textAlign: 'right' }],
    ['fontWeight', { fontWeight: 'bold' }],
    ['fontStyle', { fontStyle: 'italic' }],
    ['underline', { underline: true }],
    ['overline (swipe-up)', { overline: true }],
    ['linethrough', { linethrough: true }],
    ['lineHeight', { lineHeight: 2 }],
    ['charSpacing', { charSpacing: 200 }],
    ['fill', { fill: '#ff0000' }],
    ['stroke', { stroke: '#00ff00', strokeWidth: 3 }],
    ['angle', { angle: 45 }],
    ['left/top', { left: 12, top: 34 }],
    ['opacity', { opacity: 0.3 }],
    ['shadow', { shadow: { color: '#123456', blur: 7, offsetX: 3, offsetY: 4 } }],
    ['blur', { blur: 5 }],
    ['fontFamily (system)', { fontFamily: 'serif' }],
  ];
  it.each(textAttrs)('attr.set %s on text', async (_name, attrs) => {
    await editor.run('insert.text', { text: 'Hello world' });
    await checkCommand(editor, 'attr.set', { attrs }, (after) => {
      const o = last(after);
      for (const [k, v] of Object.entries(attrs)) {
        if (k === 'shadow') expect(o.shadow).toMatchObject(v as object);
        else expect(o[k]).toEqual(v);
      }
    });
  });

  it('a partial shadow update keeps the other shadow values; null removes it', async () => {
    await editor.run('insert.rect');
    await editor.run('attr.set', {
      attrs: { shadow: { color: '#111111', blur: 3, offsetX: 1, offsetY: 2 } },
    });
    await checkCommand(editor, 'attr.set', { attrs: { shadow: { offsetY: 9 } } }, (after) =>
      expect(last(after).shadow).toMatchObject({ color: '#111111', blur: 3, offsetX: 1, offsetY: 9 }),
    );
    await checkCommand(editor, 'attr.set', { attrs: { shadow: null } }, (after) =>
      expect(last(after).shadow).toBeNull(),
    );
  });

  it('text-only attributes are ignored on shapes', async () => {
    await editor.run('insert.rect');
    const before = snapshot(editor);
    await editor.run('attr.set', { attrs: { fontSize: 99 } });
    expect(snapshot(editor)).toEqual(before);
  });

  it.each([
    ['attr.toggleBold', { fontWeight: 'bold' }],
    ['attr.toggleItalic', { fontStyle: 'italic' }],
    ['attr.toggleUnderline', { underline: true }],
    ['attr.toggleOverline', { overline: true }],
    ['attr.toggleLinethrough', { linethrough: true }],
  ])('%s', async (id, expected) => {
    await editor.run('insert.text', { text: 'Hi' });
    await checkCommand(editor, id, undefined, (after) => expect(last(after)).toMatchObject(expected));
  });

  it.each([
    ['Grayscale', {}],
    ['Sepia', {}],
    ['Brightness', { brightness: 0.2 }],
    ['Contrast', { contrast: 0.3 }],
    ['Saturation', { saturation: -0.5 }],
    ['Blur', { blur: 0.2 }],
  ])('filter.set %s on an image, then remove', async (type, options) => {
    await editor.run('insert.image', { url: FIXTURE_PNG });
    await checkCommand(editor, 'filter.set', { type, options }, (after) =>
      expect(last(after).filters).toEqual([expect.objectContaining({ type, ...options })]),
    );
    await checkCommand(editor, 'filter.set', { type, options: null }, (after) =>
      expect(last(after).filters).toEqual([]),
    );
  });

  it('filters change the pixels', async () => {
    await editor.run('insert.image', { url: FIXTURE_PNG });
    const img = editor.getSelectedObjects()[0]!;
    const pixel = () => {
      const el = (img as unknown as { getElement(): HTMLCanvasElement | HTMLImageElement }).getElement();
      const c = document.createElement('canvas');
      c.width = 40;
      c.height = 30;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(el, 0, 0);
      return [...ctx.getImageData(5, 5, 1, 1).data];
    };
    const red = pixel();
    await editor.run('filter.set', { type: 'Grayscale', options: {} });
    const grey = pixel();
    expect(red[0]).not.toBe(red[2]);
    expect(grey[0]).toBe(grey[2]);
  });

  it('filter.clear', async () => {
    await editor.run('insert.image', { url: FIXTURE_PNG });
    await editor.run('filter.set', { type: 'Sepia', options: {} });
    await checkCommand(editor, 'filter.clear', undefined, (after) => expect(last(after).filters).toEqual([]));
  });
});

describe('document', () => {
  it.each([
    [{ type: 'color', color: '#ff0000' }],
    [
      {
        type: 'gradient',
        angle: 90,
        stops: [
          { offset: 0, color: '#000000' },
          { offset: 1, color: '#ffffff' },
        ],
      },
    ],
    [{ type: 'texture', textureId: 'dots', color: '#333333', background: '#eeeeee' }],
    [{ type: 'image', url: FIXTURE_PNG }],
  ])('document.setBackground %o', async (background) => {
    await checkCommand(editor, 'document.setBackground', { background }, (after) =>
      expect(after.background).toEqual(background),
    );
  });

  it('document.setBackground refuses foreign image URLs', async () => {
    await expect(
      editor.run('document.setBackground', {
        background: { type: 'image', url: 'https://evil.example.com/x.png' },
      }),
    ).rejects.toThrow();
  });

  it.each([
    [{ preset: 'xhs-vertical' }, 900, 1200],
    [{ preset: 'xhs-horizontal' }, 1200, 900],
    [{ preset: 'phone-wallpaper' }, 1080, 1920],
    [{ preset: 'cover-4x3' }, 1200, 900],
    [{ preset: 'cover-3x4' }, 900, 1200],
    [{ width: 640, height: 480 }, 640, 480],
  ])('document.setSize %o', async (args, width, height) => {
    if (width === 900 && height === 1200) await editor.run('document.setSize', { width: 100, height: 100 });
    await checkCommand(editor, 'document.setSize', args, (after) =>
      expect([after.width, after.height]).toEqual([width, height]),
    );
  });

  it('document.setSize rejects bad sizes', async () => {
    await expect(editor.run('document.setSize', { width: 0, height: 10 })).rejects.toThrow(RangeError);
    await expect(editor.run('document.setSize', { preset: 'nope' })).rejects.toThrow();
  });

  it('document.applyTemplate replaces the design in one undo step', async () => {
    await editor.run('insert.rect');
    await checkCommand(editor, 'document.applyTemplate', { id: 'range-test' }, (after) => {
      expect([after.width, after.height]).toEqual([1200, 900]);
      expect(after.objects.length).toBeGreaterThan(3);
    });
  });

  it('document.importJson sanitizes and is one undo step', async () => {
    const json = JSON.stringify({
      schemaVersion: 1,
      width: 300,
      height: 200,
      background: '#abcdef',
      objects: [{ type: 'Rect', width: 10, height: 10, onclick: 'x()', id: 'r1', name: 'r' }],
    });
    await checkCommand(editor, 'document.importJson', { json }, (after) => {
      expect(after.background).toEqual({ type: 'color', color: '#abcdef' });
      expect(after.objects[0]!.onclick).toBeUndefined();
    });
  });
});

describe('view (not history)', () => {
  it('view.setDrawing turns the pencil on; a drawn path is one undoable step', async () => {
    await editor.run('view.setDrawing', { on: true, color: '#ff0000', width: 8 });
    expect(editor.getState().drawing).toBe(true);
    expect(editor.canvas.freeDrawingBrush!.color).toBe('#ff0000');
    const { Path } = await import('fabric');
    const before = snapshot(editor);
    editor.canvas.add(new Path('M 0 0 L 50 50', { stroke: '#ff0000', fill: '' }));
    editor.canvas.fire('path:created', { path: editor.canvas.getObjects().at(-1)! });
    expect(types(snapshot(editor))).toEqual(['Path']);
    await editor.undo();
    expect(snapshot(editor)).toEqual(before);
    await editor.run('view.toggleDrawing');
    expect(editor.getState().drawing).toBe(false);
  });

  it('zoom in/out/to point/to fit and pan', async () => {
    editor.setViewportSize(600, 600);
    await editor.run('view.zoomToFit', { padding: 0 });
    expect(editor.getState().zoom).toBeCloseTo(0.5);
    expect(editor.canvas.viewportTransform[4]).toBeCloseTo(75);
    await editor.run('view.zoomIn');
    expect(editor.getState().zoom).toBeCloseTo(0.6);
    await editor.run('view.zoomOut');
    expect(editor.getState().zoom).toBeCloseTo(0.5);
    await editor.run('view.zoomTo', { zoom: 1, point: { x: 0, y: 0 } });
    expect(editor.getState().zoom).toBe(1);
    const x = editor.canvas.viewportTransform[4];
    await editor.run('view.pan', { dx: 30, dy: -10 });
    expect(editor.canvas.viewportTransform[4]).toBe(x + 30);
    expect(editor.history.size).toBe(0);
  });

  it('view.setGrid: snapping rounds moves to the grid', async () => {
    await editor.run('view.setGrid', { visible: true, snap: true, size: 50 });
    expect(editor.getState().grid).toEqual({ visible: true, snap: true, size: 50 });
    await editor.run('insert.rect', { width: 100, height: 100 });
    const o = editor.getSelectedObjects()[0]!;
    o.set({ left: 173, top: 238 });
    editor.canvas.fire('object:moving', { target: o } as never);
    const box = o.getBoundingRect();
    expect([box.left % 50, box.top % 50]).toEqual([0, 0]);
    await expect(editor.run('view.setGrid', { size: 1 })).rejects.toThrow(RangeError);
  });
});
