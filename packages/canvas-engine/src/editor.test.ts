import { afterEach, describe, expect, it } from 'vitest';
import { type Editor } from './editor';
import { SCHEMA_VERSION, type PosterDocument } from './types';
import { makeEditor, snapshot, FIXTURE_PNG } from './test/helpers';

let editor: Editor;
afterEach(async () => {
  await editor?.dispose();
});

const obj = (doc: PosterDocument, i = -1) => (i < 0 ? doc.objects[doc.objects.length + i] : doc.objects[i])!;

describe('document model', () => {
  it('starts empty with the given size and schema version', () => {
    editor = makeEditor({ width: 1080, height: 1920 });
    const doc = editor.toDocument();
    expect(doc).toEqual({
      schemaVersion: SCHEMA_VERSION,
      width: 1080,
      height: 1920,
      background: { type: 'color', color: '#ffffff' },
      objects: [],
    });
  });

  it('rejects impossible sizes', () => {
    expect(() => makeEditor({ width: 0 })).toThrow(RangeError);
  });

  it('JSON round-trips losslessly: load(toDocument()) deep-equals, for every object type', async () => {
    editor = makeEditor();
    for (const id of [
      'insert.text',
      'insert.rect',
      'insert.circle',
      'insert.triangle',
      'insert.polygon',
      'insert.line',
      'insert.arrow',
    ])
      await editor.run(id);
    await editor.run('insert.image', { url: FIXTURE_PNG });
    await editor.run('insert.svg', {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5" fill="red"/><circle cx="7" cy="7" r="2"/></svg>',
    });
    await editor.run('document.setBackground', {
      background: {
        type: 'gradient',
        angle: 45,
        stops: [
          { offset: 0, color: '#000' },
          { offset: 1, color: '#fff' },
        ],
      },
    });
    editor.selectIds([obj(editor.toDocument(), 0).id, obj(editor.toDocument(), 1).id]);
    await editor.run('object.group');
    await editor.run('attr.set', {
      ids: [obj(editor.toDocument(), 1).id],
      attrs: { shadow: { color: '#ff0000', blur: 4 }, blur: 2, opacity: 0.5 },
    });
    const doc = snapshot(editor);
    expect(doc.objects.map((o) => o.type)).toEqual([
      'Group',
      'Circle',
      'Triangle',
      'Polygon',
      'Line',
      'Path',
      'Image',
      'Group',
    ]);
    expect((doc.objects[0]!.objects as { id: string }[]).every((c) => /^[0-9a-f-]{36}$/.test(c.id))).toBe(
      true,
    );
    const other = makeEditor();
    await other.load(doc);
    expect(snapshot(other)).toEqual(doc);
    await other.load(JSON.stringify(doc));
    expect(snapshot(other)).toEqual(doc);
    await other.dispose();
  });

  it('never stores images as data URLs', async () => {
    editor = makeEditor();
    await editor.run('insert.image', { url: FIXTURE_PNG });
    const json = JSON.stringify(editor.toDocument());
    expect(json).toContain(FIXTURE_PNG);
    expect(json).not.toContain('data:');
  });

  it('dirty clears when undoing back to the saved state, also after the budget dropped entries', async () => {
    editor = makeEditor({ historyBudgetBytes: 4_000 });
    await editor.run('insert.rect');
    editor.markSaved();
    expect(editor.getState().dirty).toBe(false);
    await editor.run('attr.set', { attrs: { left: 1 } });
    expect(editor.getState().dirty).toBe(true);
    await editor.undo();
    expect(editor.getState().dirty).toBe(false);
    await editor.redo();
    expect(editor.getState().dirty).toBe(true);
    for (let i = 0; i < 10; i++) await editor.run('insert.circle');
    while (editor.history.canUndo) await editor.undo();
    expect(editor.toDocument().objects.length).toBeGreaterThan(1);
    expect(editor.getState().dirty).toBe(true);
  });

  it('load clears history and dirty', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    expect(editor.getState().dirty).toBe(true);
    await editor.load(editor.toDocument());
    expect(editor.getState()).toMatchObject({ dirty: false, canUndo: false, canRedo: false });
  });
});

describe('state for the UI', () => {
  it('lists layers top-first with id, name, type, visible, locked and notifies subscribers', async () => {
    editor = makeEditor();
    const seen: number[] = [];
    const off = editor.subscribe((s) => seen.push(s.layers.length));
    await editor.run('insert.rect');
    await editor.run('insert.text', { text: 'Hello' });
    const { layers, selection, size, zoom, canUndo } = editor.getState();
    expect(layers.map((l) => l.type)).toEqual(['textbox', 'rect']);
    expect(layers[0]).toMatchObject({ name: 'text', visible: true, locked: false });
    expect(layers[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(selection.ids).toEqual([layers[0]!.id]);
    expect(selection.attributes).toMatchObject({ fontSize: 64, fill: '#222222' });
    expect(size).toEqual({ width: 900, height: 1200 });
    expect(zoom).toBe(1);
    expect(canUndo).toBe(true);
    expect(seen.at(-1)).toBe(2);
    off();
    await editor.run('insert.rect');
    expect(seen.at(-1)).toBe(2);
  });

  it('common attributes omit keys whose values differ', async () => {
    editor = makeEditor();
    await editor.run('insert.rect', { fill: '#111111' });
    await editor.run('insert.rect', { fill: '#222222' });
    await editor.run('edit.selectAll');
    const attrs = editor.getState().selection.attributes;
    expect(attrs.fill).toBeUndefined();
    expect(attrs.opacity).toBe(1);
  });
});

describe('history', () => {
  it('records attribute edits as per-object before/after diffs of only the changed keys', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    const id = editor.getState().selection.ids[0]!;
    await editor.run('attr.set', { attrs: { fill: '#00ff00' } });
    await editor.undo();
    await editor.redo();
    const top = (
      editor.history as unknown as { undoStack: { entry: { kind: string; changes: unknown } }[] }
    ).undoStack.at(-1)!;
    expect(top.entry).toEqual({
      kind: 'modify',
      changes: [{ id, before: { fill: '#2f6bff' }, after: { fill: '#00ff00' } }],
    });
  });

  it('a slider drag of 20 updates inside one transaction is one undo step', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    const before = snapshot(editor);
    const steps = editor.history.size;
    editor.beginTransaction('editor.cmd.opacity');
    for (let i = 1; i <= 20; i++) await editor.run('attr.set', { attrs: { opacity: 1 - i * 0.04 } });
    editor.commit();
    expect(editor.history.size).toBe(steps + 1);
    const after = snapshot(editor);
    expect(obj(after).opacity).toBeCloseTo(0.2);
    await editor.undo();
    expect(snapshot(editor)).toEqual(before);
    await editor.redo();
    expect(snapshot(editor)).toEqual(after);
  });

  it('rollback reverts an open transaction', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    const before = snapshot(editor);
    editor.beginTransaction();
    await editor.run('attr.set', { attrs: { angle: 30 } });
    await editor.run('attr.set', { attrs: { angle: 60 } });
    await editor.rollback();
    expect(snapshot(editor)).toEqual(before);
  });

  it('coalesces changes with the same key within the window', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    const steps = editor.history.size;
    await editor.run('attr.set', { attrs: { left: 10 }, coalesceKey: 'x-field' });
    await editor.run('attr.set', { attrs: { left: 20 }, coalesceKey: 'x-field' });
    await editor.run('attr.set', { attrs: { left: 30 }, coalesceKey: 'x-field' });
    expect(editor.history.size).toBe(steps + 1);
    await editor.run('attr.set', { attrs: { left: 40 } });
    expect(editor.history.size).toBe(steps + 2);
  });

  it('mouse transforms (before:transform → object:modified) are one step with exact undo', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    const target = editor.getSelectedObjects()[0]!;
    const before = snapshot(editor);
    editor.canvas.fire('before:transform', {
      e: new MouseEvent('mousedown'),
      transform: { target } as never,
    });
    target.set({ left: 123, top: 45, angle: 17, scaleX: 1.5 });
    editor.canvas.fire('object:modified', { target });
    const after = snapshot(editor);
    expect(obj(after)).toMatchObject({ left: 123, top: 45, angle: 17, scaleX: 1.5 });
    await editor.undo();
    expect(snapshot(editor)).toEqual(before);
    await editor.redo();
    expect(snapshot(editor)).toEqual(after);
  });

  it('moving a multi-selection with the mouse records absolute coordinates', async () => {
    editor = makeEditor();
    await editor.run('insert.rect', { width: 100, height: 100 });
    await editor.run('attr.set', { attrs: { left: 100, top: 100 } });
    await editor.run('insert.circle', { radius: 50 });
    await editor.run('attr.set', { attrs: { left: 300, top: 300 } });
    await editor.run('edit.selectAll');
    const before = snapshot(editor);
    const selection = editor.canvas.getActiveObject()!;
    editor.canvas.fire('before:transform', {
      e: new MouseEvent('mousedown'),
      transform: { target: selection } as never,
    });
    selection.set({ left: selection.left + 50, top: selection.top + 20 });
    editor.canvas.fire('object:modified', { target: selection });
    editor.select([]);
    const after = snapshot(editor);
    expect([obj(after, 0).left, obj(after, 0).top, obj(after, 1).left, obj(after, 1).top]).toEqual([
      150, 120, 350, 320,
    ]);
    await editor.undo();
    expect(snapshot(editor)).toEqual(before);
  });

  it('drops the oldest entries past the byte budget', async () => {
    editor = makeEditor({ historyBudgetBytes: 6_000 });
    for (let i = 0; i < 20; i++) await editor.run('insert.rect');
    expect(editor.history.totalBytes).toBeLessThanOrEqual(6_000);
    expect(editor.history.size).toBeLessThan(20);
    expect(editor.history.size).toBeGreaterThan(0);
    // the oldest rectangles can no longer be un-added
    const kept = editor.history.size;
    while (editor.history.canUndo) await editor.undo();
    expect(editor.toDocument().objects.length).toBe(20 - kept);
  });

  it('new change after undo clears redo', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    await editor.undo();
    expect(editor.getState().canRedo).toBe(true);
    await editor.run('insert.circle');
    expect(editor.getState().canRedo).toBe(false);
  });
});

describe('keyboard', () => {
  const key = (k: string, mods: Partial<KeyboardEventInit> = {}) =>
    new KeyboardEvent('keydown', { key: k, cancelable: true, ...mods });

  it('Ctrl+Z undoes, Ctrl+Shift+Z redoes, arrows nudge 1 px and 10 px with Shift', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    const x0 = obj(editor.toDocument()).left as number;
    expect(editor.handleKeyDown(key('ArrowRight'))).toBe(true);
    await editor.run('edit.selectAll'); // waits for the queued nudge
    expect(obj(editor.toDocument()).left).toBe(x0 + 1);
    editor.handleKeyDown(key('ArrowLeft', { shiftKey: true }));
    await editor.run('edit.selectAll');
    expect(obj(editor.toDocument()).left).toBe(x0 - 9);
    editor.handleKeyDown(key('z', { ctrlKey: true }));
    await editor.run('edit.selectAll');
    expect(obj(editor.toDocument()).left).toBe(x0);
    editor.handleKeyDown(key('Z', { metaKey: true, shiftKey: true }));
    await editor.run('edit.selectAll');
    expect(obj(editor.toDocument()).left).toBe(x0 - 9);
  });

  it('Delete removes, Ctrl+C / Ctrl+V pastes a copy, keys typed into inputs are ignored', async () => {
    editor = makeEditor();
    await editor.run('insert.rect');
    editor.handleKeyDown(key('c', { ctrlKey: true }));
    editor.handleKeyDown(key('v', { ctrlKey: true }));
    await editor.run('edit.selectAll');
    expect(editor.toDocument().objects).toHaveLength(2);
    const input = document.createElement('input');
    document.body.appendChild(input);
    const e = key('Delete');
    input.dispatchEvent(e);
    expect(editor.handleKeyDown(e)).toBe(false);
    expect(editor.handleKeyDown(key('Delete'))).toBe(true);
    await editor.run('insert.circle');
    expect(editor.toDocument().objects.map((o) => o.type)).toEqual(['Circle']);
  });
});

describe('paste, text editing and pointer interactions', () => {
  const pasteEvent = (init: { files?: File[]; text?: string }) => {
    const dt = new DataTransfer();
    for (const f of init.files ?? []) dt.items.add(f);
    if (init.text) dt.setData('text/plain', init.text);
    return new ClipboardEvent('paste', { clipboardData: dt, cancelable: true });
  };

  it('a pasted image file is uploaded through the assetResolver and inserted by URL', async () => {
    const uploads: Blob[] = [];
    editor = makeEditor({ assetResolver: { upload: async (b) => (uploads.push(b), FIXTURE_PNG) } });
    const file = new File([await (await fetch(FIXTURE_PNG)).blob()], 'shot.png', { type: 'image/png' });
    expect(editor.handlePaste(pasteEvent({ files: [file] }))).toBe(true);
    await editor.idle();
    expect(uploads).toHaveLength(1);
    expect(editor.toDocument().objects[0]).toMatchObject({ type: 'Image', src: FIXTURE_PNG });
  });

  it('pasted SVG text is sanitized and inserted; nothing to paste returns false', async () => {
    editor = makeEditor();
    expect(editor.handlePaste(pasteEvent({ text: 'hello' }))).toBe(false);
    editor.handlePaste(
      pasteEvent({
        text: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" onclick="x()"/></svg>',
      }),
    );
    await editor.idle();
    expect(editor.toDocument().objects.map((o) => o.type)).toEqual(['Rect']);
    expect(JSON.stringify(editor.toDocument())).not.toContain('onclick');
  });

  it('typing into a text box is one undoable step', async () => {
    editor = makeEditor();
    await editor.run('insert.text', { text: 'Hello' });
    const before = snapshot(editor);
    const t = editor.getSelectedObjects()[0] as unknown as {
      enterEditing(): void;
      exitEditing(): void;
      set(k: string, v: string): void;
    };
    t.enterEditing();
    t.set('text', 'Hello world');
    t.exitEditing();
    const after = snapshot(editor);
    expect(obj(after).text).toBe('Hello world');
    await editor.undo();
    expect(snapshot(editor)).toEqual(before);
    await editor.redo();
    expect(snapshot(editor)).toEqual(after);
  });

  it('the wheel zooms at the pointer; space + drag pans', async () => {
    editor = makeEditor({ viewportWidth: 600, viewportHeight: 600 });
    const detach = editor.attachInteractions();
    const fireWheel = (deltaY: number) =>
      editor.canvas.fire('mouse:wheel', {
        e: new WheelEvent('wheel', { deltaY, clientX: 100, clientY: 100, cancelable: true }),
      } as never);
    fireWheel(-300);
    expect(editor.getState().zoom).toBeGreaterThan(1.2);
    window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Space', key: ' ' }));
    const x = editor.canvas.viewportTransform[4];
    editor.canvas.fire('mouse:down', {
      e: new MouseEvent('mousedown', { clientX: 10, clientY: 10 }),
    } as never);
    editor.canvas.fire('mouse:move', {
      e: new MouseEvent('mousemove', { clientX: 60, clientY: 30 }),
    } as never);
    editor.canvas.fire('mouse:up', { e: new MouseEvent('mouseup') } as never);
    expect(editor.canvas.viewportTransform[4]).toBe(x + 50);
    window.dispatchEvent(new KeyboardEvent('keyup', { code: 'Space', key: ' ' }));
    detach();
    const zoom = editor.getState().zoom;
    fireWheel(-300);
    expect(editor.getState().zoom).toBe(zoom);
    expect(editor.history.size).toBe(0);
  });
});
