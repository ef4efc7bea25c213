import {
  ActiveSelection,
  Canvas,
  Group,
  PencilBrush,
  Point,
  type FabricObject,
  type TPointerEventInfo,
  type TPointerEvent,
} from 'fabric';
import { applyBackground, isBackgroundReady, loadBackgroundImage } from './background';
import { createCommandRegistry, type CommandRegistry } from './commands/registry';
import {
  exportImage,
  exportSvg,
  copyImageToClipboard,
  type ExportImageOptions,
  type ExportSvgOptions,
  type ClipboardResult,
} from './export';
import { FontLoader } from './fonts';
import {
  History,
  type DocumentProps,
  type HistoryEntry,
  type PlacedObject,
  type PropChange,
} from './history';
import { createId } from './ids';
import { sanitizeDocumentJson } from './sanitize';
import {
  applyProps,
  collectFontFamilies,
  enlivenData,
  ensureIds,
  installFabricExtensions,
  objectToData,
  sameValue,
  type EngineObject,
} from './serialize';
import {
  ATTRIBUTE_KEYS,
  SCHEMA_VERSION,
  type AssetResolver,
  type Background,
  type EditorState,
  type FontEntry,
  type GridSettings,
  type LayerInfo,
  type ObjectData,
  type PosterDocument,
} from './types';

/** Options of {@link createEditor}. Sizes in pixels. */
export interface EditorOptions {
  /** The `<canvas>` the UI mounted; fabric wraps it (adds an upper canvas for interaction). */
  canvasElement: HTMLCanvasElement;
  /** Design width (document pixels). */
  width: number;
  /** Design height (document pixels). */
  height: number;
  /** Size of the visible canvas element; defaults to the design size. */
  viewportWidth?: number;
  viewportHeight?: number;
  /** Turns pasted/uploaded images into asset URLs (API.md §8). Without it image upload commands are disabled. */
  assetResolver?: AssetResolver;
  /** Shipped fonts `{ family, url }`; used by `loadFont` and SVG export. */
  fonts?: FontEntry[];
  /** Extra origins allowed for images and SVG references besides `/media/...` and same-origin. */
  allowedOrigins?: string[];
  /** History byte budget (default 20 MB). */
  historyBudgetBytes?: number;
  /** Clipboard used by `copyImageToClipboard` (default `navigator.clipboard`). */
  clipboard?: Pick<Clipboard, 'write'>;
}

type Listener = (state: EditorState) => void;

/** Options of {@link Editor.mutate}. */
export interface MutateOptions {
  labelKey: string;
  /** Changes with the same key within 1 s become one undo step (e.g. keyboard nudges). */
  coalesceKey?: string;
}

const MIN_ZOOM = 0.05;
const MAX_ZOOM = 20;

/**
 * The poster editor: a fabric `Canvas` plus a document model, a command registry, diff-based history
 * and state for the UI. Create with {@link createEditor}. The UI calls `run(commandId, args)` and
 * renders `getState()` on every `subscribe` notification.
 */
export class Editor {
  readonly canvas: Canvas;
  readonly commands: CommandRegistry;
  readonly history: History;
  readonly fonts: FontLoader;
  readonly options: EditorOptions;
  private width: number;
  private height: number;
  private background: Background = { type: 'color', color: '#ffffff' };
  private listeners = new Set<Listener>();
  private state: EditorState | null = null;
  private savedRevision = 0;
  private pendingTransform: Map<string, ObjectData> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private grid: GridSettings = { visible: false, snap: false, size: 20 };
  /** Objects copied with `edit.copy` (document form). */
  clipboardData: ObjectData[] = [];
  /** Number of pastes of the current clipboard (each offsets by 10 px more). */
  pasteCount = 0;
  private applying = false;
  private busy = 0;

  constructor(options: EditorOptions) {
    installFabricExtensions();
    this.options = options;
    this.width = options.width;
    this.height = options.height;
    this.canvas = new Canvas(options.canvasElement, {
      width: options.viewportWidth ?? options.width,
      height: options.viewportHeight ?? options.height,
      preserveObjectStacking: true,
      stopContextMenu: true,
      fireRightClick: true,
      controlsAboveOverlay: true,
    });
    this.history = new History(options.historyBudgetBytes);
    this.fonts = new FontLoader(options.fonts ?? [], () => this.changed());
    this.commands = createCommandRegistry();
    this.updateClip();
    applyBackground(this.canvas, this.background, this.width, this.height);
    this.hookCanvasEvents();
  }

  // ------------------------------------------------------------------------------------------------
  // State

  /** Registers a listener called after every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The current UI state (cached until the next change). */
  getState(): EditorState {
    if (this.state) return this.state;
    const selected = this.getSelectedObjects();
    const attributes: Record<string, unknown> = {};
    if (selected.length > 0) {
      const datas = selected.map((o) => this.serialize(o));
      for (const key of ATTRIBUTE_KEYS) {
        const first = datas[0]![key];
        if (first !== undefined && datas.every((d) => sameValue(d[key], first))) attributes[key] = first;
      }
    }
    const layers: LayerInfo[] = this.canvas
      .getObjects()
      .map((o) => o as EngineObject)
      .map((o) => ({
        id: o.id ?? '',
        name: o.name ?? '',
        type: o.type,
        visible: o.visible !== false,
        locked: !!o.locked,
      }))
      .reverse();
    this.state = {
      selection: {
        ids: selected.map((o) => o.id ?? ''),
        types: selected.map((o) => o.type),
        attributes,
      },
      layers,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      zoom: this.canvas.getZoom(),
      size: { width: this.width, height: this.height },
      background: this.background,
      dirty: this.history.headRevision !== this.savedRevision,
      drawing: this.canvas.isDrawingMode,
      grid: { ...this.grid },
      fonts: this.fonts.snapshot(),
    };
    return this.state;
  }

  /** Marks the current state as saved (`dirty` becomes false). */
  markSaved(): void {
    this.savedRevision = this.history.headRevision;
    this.changed();
  }

  /** Invalidates the cached state, re-renders and notifies listeners. */
  changed(): void {
    this.state = null;
    this.canvas.requestRenderAll();
    const state = this.getState();
    for (const l of this.listeners) l(state);
  }

  // ------------------------------------------------------------------------------------------------
  // Document

  /** Design size in pixels. */
  getSize(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  /** Current background. */
  getBackground(): Background {
    return this.background;
  }

  /**
   * Replaces the design with `doc` (object or JSON text): sanitized and migrated first
   * (`sanitizeDocumentJson`), fonts it uses are requested, history is cleared and `dirty` reset.
   * @throws DocumentError when the document is unreadable.
   */
  async load(doc: PosterDocument | string | unknown): Promise<void> {
    const clean = sanitizeDocumentJson(doc, { allowedOrigins: this.options.allowedOrigins });
    await this.enqueue(async () => {
      await this.replaceDocument(clean, null);
      this.history.clear();
      this.savedRevision = this.history.headRevision;
      this.pasteCount = 0;
    });
    this.changed();
  }

  /**
   * Replaces everything with a sanitized document. With `labelKey` the replacement is recorded as one
   * undoable step (templates, JSON import); with null it is not (load). For use inside commands.
   */
  async replaceDocument(clean: PosterDocument, labelKey: string | null): Promise<void> {
    const objects = await enlivenData(clean.objects);
    if (clean.background.type === 'image')
      await loadBackgroundImage(clean.background.url).catch(() => undefined);
    this.canvas.discardActiveObject();
    const old = this.canvas.getObjects();
    const before = old.map((o, index) => ({ index, data: this.serialize(o) }));
    const docBefore: DocumentProps = {
      width: this.width,
      height: this.height,
      background: structuredClone(this.background),
    };
    this.canvas.remove(...old);
    const docAfter: DocumentProps = {
      width: clean.width,
      height: clean.height,
      background: clean.background,
    };
    this.setDocumentPropsNow(docAfter);
    if (objects.length) this.canvas.add(...objects);
    for (const f of collectFontFamilies(clean.objects)) if (this.fonts.find(f)) void this.loadFont(f);
    if (labelKey) {
      const after = objects.map((o, index) => ({ index, data: this.serialize(o) }));
      this.history.push(
        {
          kind: 'batch',
          entries: [
            { kind: 'structure', before, after },
            { kind: 'document', before: docBefore, after: structuredClone(docAfter) },
          ],
        },
        labelKey,
      );
    }
    this.state = null;
  }

  /** The design as a document (JSON-safe; images by URL). */
  toDocument(): PosterDocument {
    return {
      schemaVersion: SCHEMA_VERSION,
      width: this.width,
      height: this.height,
      background: structuredClone(this.background),
      objects: this.canvas.getObjects().map((o) => this.serialize(o)),
    };
  }

  /** Serializes one live object (document form). */
  serialize(obj: FabricObject): ObjectData {
    return objectToData(this.canvas, obj);
  }

  // ------------------------------------------------------------------------------------------------
  // Commands

  /**
   * Runs command `id` with `args`. Resolves false when the command is disabled (`isEnabled`), true when
   * performed. Commands run one after another (async ones such as image insertion are queued).
   * @throws Error when no command has that id, or what the command throws.
   */
  async run(id: string, args?: unknown): Promise<boolean> {
    const command = this.commands.get(id);
    if (!command) throw new Error(`unknown command ${id}`);
    // Undo/redo queue themselves; running them inside the queue would deadlock.
    if (id === 'edit.undo' || id === 'edit.redo') {
      if (!command.isEnabled(this, args)) return false;
      await command.perform(this, args);
      return true;
    }
    // Enablement is decided when the command's turn comes (a queued copy enables the paste after it).
    const done = await this.enqueue(async () => {
      if (!command.isEnabled(this, args)) return false;
      await command.perform(this, args);
      return true;
    });
    this.changed();
    return done;
  }

  /** True when command `id` exists and is enabled now. */
  canRun(id: string, args?: unknown): boolean {
    const command = this.commands.get(id);
    return !!command && command.isEnabled(this, args);
  }

  private enqueue<T>(task: () => T | Promise<T>): Promise<T> {
    this.busy++;
    const next = this.queue.then(task, task).finally(() => this.busy--);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Resolves when every queued command, undo and redo has finished. */
  async idle(): Promise<void> {
    while (this.busy > 0) await this.queue;
  }

  // ------------------------------------------------------------------------------------------------
  // Selection and lookup

  /** Selected top-level objects (members of a multi-selection, or the single active object). */
  getSelectedObjects(): EngineObject[] {
    return this.canvas.getActiveObjects();
  }

  /** The top-level object with this id. */
  getObjectById(id: string): EngineObject | undefined {
    return this.canvas.getObjects().find((o): o is EngineObject => (o as EngineObject).id === id);
  }

  /** Selects the given objects (top-level), or clears the selection for []. */
  select(objects: FabricObject[]): void {
    this.canvas.discardActiveObject();
    const selectable = objects.filter((o) => o.canvas === this.canvas);
    if (selectable.length === 1) this.canvas.setActiveObject(selectable[0]!);
    else if (selectable.length > 1)
      this.canvas.setActiveObject(new ActiveSelection(selectable, { canvas: this.canvas }));
    this.state = null;
  }

  /** Selects objects by id. */
  selectIds(ids: string[]): void {
    this.select(ids.map((id) => this.getObjectById(id)).filter((o): o is EngineObject => !!o));
    this.changed();
  }

  // ------------------------------------------------------------------------------------------------
  // Recorded changes (used by commands; every change to the design goes through one of these)

  /**
   * Changes `targets` with `fn` and records one `modify` entry holding only the properties that changed.
   * A multi-selection is dissolved first so `fn` sees absolute coordinates, and restored after.
   */
  mutate(
    targets: EngineObject[],
    fn: (targets: EngineObject[]) => void,
    options: MutateOptions,
  ): PropChange[] {
    const selection = this.getSelectedObjects();
    const wasMulti = this.canvas.getActiveObject() instanceof ActiveSelection;
    if (wasMulti) this.canvas.discardActiveObject();
    const before = targets.map((o) => this.serialize(o));
    fn(targets);
    targets.forEach((o) => o.setCoords());
    const after = targets.map((o) => this.serialize(o));
    const changes = diffObjects(before, after);
    if (changes.length) this.history.push({ kind: 'modify', changes }, options.labelKey, options.coalesceKey);
    if (wasMulti) this.select(selection);
    this.state = null;
    return changes;
  }

  /** Adds live objects on top (or at `index`) and records a `structure` entry; selects them when `select`. */
  addObjects(objects: EngineObject[], options: { labelKey: string; select?: boolean; index?: number }): void {
    const start = options.index ?? this.canvas.getObjects().length;
    objects.forEach((o, i) => {
      ensureIds(o);
      this.canvas.insertAt(start + i, o);
      o.setCoords();
    });
    const after = objects.map((o) => ({
      index: this.canvas.getObjects().indexOf(o),
      data: this.serialize(o),
    }));
    this.history.push({ kind: 'structure', before: [], after }, options.labelKey);
    if (options.select !== false) this.select(objects);
    this.state = null;
  }

  /** Removes objects and records a `structure` entry. */
  removeObjects(objects: EngineObject[], options: { labelKey: string }): void {
    this.canvas.discardActiveObject();
    const all = this.canvas.getObjects();
    const before = objects
      .map((o) => ({ index: all.indexOf(o), data: this.serialize(o), o }))
      .filter((p) => p.index >= 0)
      .sort((a, b) => a.index - b.index);
    this.canvas.remove(...before.map((p) => p.o));
    this.history.push(
      { kind: 'structure', before: before.map(({ index, data }) => ({ index, data })), after: [] },
      options.labelKey,
    );
    this.state = null;
  }

  /** Groups top-level objects into one group (at the top-most member's place); records a `structure` entry. */
  groupObjects(objects: EngineObject[], options: { labelKey: string; name?: string }): Group {
    this.canvas.discardActiveObject();
    const all = this.canvas.getObjects();
    const members = objects
      .map((o) => ({ o, index: all.indexOf(o) }))
      .filter((m) => m.index >= 0)
      .sort((a, b) => a.index - b.index);
    const before = members.map((m) => ({ index: m.index, data: this.serialize(m.o) }));
    const groupIndex = members[members.length - 1]!.index - (members.length - 1);
    this.canvas.remove(...members.map((m) => m.o));
    const group = new Group(members.map((m) => m.o)) as Group & EngineObject;
    group.id = createId();
    group.name = options.name ?? 'group';
    this.canvas.insertAt(groupIndex, group);
    this.history.push(
      { kind: 'structure', before, after: [{ index: groupIndex, data: this.serialize(group) }] },
      options.labelKey,
    );
    this.select([group]);
    return group;
  }

  /** Dissolves a group into its members (absolute coordinates, same place in the stack); records a `structure` entry. */
  ungroupObject(group: Group & EngineObject, options: { labelKey: string }): EngineObject[] {
    this.canvas.discardActiveObject();
    const index = this.canvas.getObjects().indexOf(group);
    const before = [{ index, data: this.serialize(group) }];
    this.canvas.remove(group);
    const members = group.removeAll() as EngineObject[];
    members.forEach((m, i) => {
      ensureIds(m);
      this.canvas.insertAt(index + i, m);
      m.setCoords();
    });
    this.history.push(
      {
        kind: 'structure',
        before,
        after: members.map((m, i) => ({ index: index + i, data: this.serialize(m) })),
      },
      options.labelKey,
    );
    this.select(members);
    return members;
  }

  /** Reorders the stack with `fn` (which moves objects on the canvas) and records a `reorder` entry. */
  reorder(fn: (canvas: Canvas) => void, options: { labelKey: string }): void {
    const before = this.canvas.getObjects().map((o) => (o as EngineObject).id ?? '');
    fn(this.canvas);
    const after = this.canvas.getObjects().map((o) => (o as EngineObject).id ?? '');
    if (!sameValue(before, after)) this.history.push({ kind: 'reorder', before, after }, options.labelKey);
    this.state = null;
  }

  /** Changes size and/or background and records a `document` entry. Loads a background image first. */
  async setDocumentProps(patch: Partial<DocumentProps>, options: { labelKey: string }): Promise<void> {
    if (patch.background?.type === 'image') await loadBackgroundImage(patch.background.url);
    const current: DocumentProps = { width: this.width, height: this.height, background: this.background };
    const before: Partial<DocumentProps> = {};
    const after: Partial<DocumentProps> = {};
    for (const key of Object.keys(patch) as (keyof DocumentProps)[]) {
      if (patch[key] === undefined || sameValue(patch[key], current[key])) continue;
      (before as Record<string, unknown>)[key] = structuredClone(current[key]);
      (after as Record<string, unknown>)[key] = structuredClone(patch[key]);
    }
    if (Object.keys(after).length === 0) return;
    this.setDocumentPropsNow(after);
    this.history.push({ kind: 'document', before, after }, options.labelKey);
  }

  private setDocumentPropsNow(props: Partial<DocumentProps>): void {
    if (props.width !== undefined) this.width = props.width;
    if (props.height !== undefined) this.height = props.height;
    if (props.background !== undefined) this.background = structuredClone(props.background);
    this.updateClip();
    applyBackground(this.canvas, this.background, this.width, this.height);
    this.state = null;
  }

  /** Opens a transaction: everything until `commit()` is one undo step (e.g. a slider drag). */
  beginTransaction(labelKey?: string): void {
    this.history.begin(labelKey);
  }

  /** Closes the transaction opened by `beginTransaction()`. */
  commit(): void {
    this.history.commit();
    this.changed();
  }

  /** Closes the open transaction and reverts its changes (e.g. Escape during a slider drag). */
  async rollback(): Promise<void> {
    const entries = this.history.abort();
    await this.enqueue(async () => {
      for (const e of entries.reverse()) await this.applyEntry(e, 'undo');
    });
    this.changed();
  }

  // ------------------------------------------------------------------------------------------------
  // Undo / redo

  /** Reverts the newest step. Resolves when the canvas shows the previous state. */
  async undo(): Promise<void> {
    await this.enqueue(async () => {
      if (this.history.inTransaction) this.history.commit();
      const r = this.history.takeUndo();
      if (r) {
        await this.applyEntry(r.entry, 'undo');
        this.selectIds(touchedIds(r.entry, 'undo'));
      }
    });
    this.changed();
  }

  /** Re-applies the newest undone step. */
  async redo(): Promise<void> {
    await this.enqueue(async () => {
      const r = this.history.takeRedo();
      if (r) {
        await this.applyEntry(r.entry, 'redo');
        this.selectIds(touchedIds(r.entry, 'redo'));
      }
    });
    this.changed();
  }

  private async applyEntry(entry: HistoryEntry, direction: 'undo' | 'redo'): Promise<void> {
    this.applying = true;
    try {
      this.canvas.discardActiveObject();
      const forward = direction === 'redo';
      switch (entry.kind) {
        case 'modify':
          for (const c of entry.changes) {
            const obj = this.getObjectById(c.id);
            if (obj) applyProps(obj, forward ? c.after : c.before);
          }
          break;
        case 'structure':
          await this.applyStructure(
            forward ? entry.before : entry.after,
            forward ? entry.after : entry.before,
          );
          break;
        case 'reorder':
          this.applyOrder(forward ? entry.after : entry.before);
          break;
        case 'document': {
          const props = forward ? entry.after : entry.before;
          if (props.background && !isBackgroundReady(props.background) && props.background.type === 'image')
            await loadBackgroundImage(props.background.url).catch(() => undefined);
          this.setDocumentPropsNow(props);
          break;
        }
        case 'batch': {
          const list = forward ? entry.entries : [...entry.entries].reverse();
          for (const e of list) await this.applyEntry(e, direction);
          break;
        }
      }
    } finally {
      this.applying = false;
    }
  }

  private async applyStructure(remove: PlacedObject[], add: PlacedObject[]): Promise<void> {
    const created = await enlivenData(add.map((p) => p.data));
    const doomed = remove.map((p) => this.getObjectById(p.data.id)).filter((o): o is EngineObject => !!o);
    this.canvas.remove(...doomed);
    const placed = add.map((p, i) => ({ index: p.index, o: created[i]! })).sort((a, b) => a.index - b.index);
    for (const p of placed) {
      this.canvas.insertAt(p.index, p.o);
      p.o.setCoords();
    }
  }

  private applyOrder(ids: string[]): void {
    const objects = this.canvas.getObjects();
    const byId = new Map(objects.map((o) => [(o as EngineObject).id, o]));
    ids.forEach((id, i) => {
      const o = byId.get(id);
      if (o) this.canvas.moveObjectTo(o, i);
    });
  }

  // ------------------------------------------------------------------------------------------------
  // Canvas events: mouse transforms, text editing and free drawing become history entries

  private hookCanvasEvents(): void {
    const c = this.canvas;
    const capture = (target: FabricObject | undefined) => {
      if (!target) return;
      const objects = target instanceof ActiveSelection ? target.getObjects() : [target];
      this.pendingTransform = new Map(objects.map((o) => [(o as EngineObject).id ?? '', this.serialize(o)]));
    };
    c.on('before:transform', ({ transform }) => capture(transform.target));
    c.on('text:editing:entered', ({ target }) => capture(target));
    c.on('object:modified', ({ target }) => {
      const pending = this.pendingTransform;
      this.pendingTransform = null;
      if (!pending || this.applying) return;
      const objects = target instanceof ActiveSelection ? target.getObjects() : [target];
      const before: ObjectData[] = [];
      const after: ObjectData[] = [];
      for (const o of objects) {
        const prev = pending.get((o as EngineObject).id ?? '');
        if (!prev) continue;
        before.push(prev);
        after.push(this.serialize(o));
      }
      const changes = diffObjects(before, after);
      if (changes.length) this.history.push({ kind: 'modify', changes }, 'editor.cmd.transform');
      this.changed();
    });
    c.on('object:moving', ({ target }) => {
      if (!this.grid.snap) return;
      const size = this.grid.size;
      const box = target.getBoundingRect();
      const dx = Math.round(box.left / size) * size - box.left;
      const dy = Math.round(box.top / size) * size - box.top;
      target.set({ left: target.left + dx, top: target.top + dy });
    });
    c.on('path:created', ({ path }) => {
      const p = path as EngineObject;
      c.remove(p);
      this.addObjects([p], { labelKey: 'editor.cmd.draw', select: false });
      this.changed();
    });
    c.on('selection:created', () => this.changed());
    c.on('selection:updated', () => this.changed());
    c.on('selection:cleared', () => this.changed());
    c.on('after:render', ({ ctx }) => {
      if (this.grid.visible && ctx === c.getContext()) this.drawGrid(ctx);
    });
  }

  private drawGrid(ctx: CanvasRenderingContext2D): void {
    const vpt = this.canvas.viewportTransform;
    const size = this.grid.size;
    ctx.save();
    ctx.transform(vpt[0], vpt[1], vpt[2], vpt[3], vpt[4], vpt[5]);
    ctx.strokeStyle = 'rgba(0,120,255,0.25)';
    ctx.lineWidth = 1 / this.canvas.getZoom();
    ctx.beginPath();
    for (let x = 0; x <= this.width; x += size) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x, this.height);
    }
    for (let y = 0; y <= this.height; y += size) {
      ctx.moveTo(0, y);
      ctx.lineTo(this.width, y);
    }
    ctx.stroke();
    ctx.restore();
  }

  /** Grid overlay and snapping settings (view state; not recorded in history or documents). */
  setGrid(patch: Partial<GridSettings>): void {
    if (patch.size !== undefined && !(patch.size >= 2 && patch.size <= 500))
      throw new RangeError('grid size must be 2..500 pixels');
    this.grid = { ...this.grid, ...patch };
    this.changed();
  }

  /** Current grid settings. */
  getGrid(): GridSettings {
    return { ...this.grid };
  }

  /** Turns free drawing (pencil brush) on or off; `color` and `width` (pixels) style the brush. */
  setDrawingMode(on: boolean, brush: { color?: string; width?: number } = {}): void {
    const c = this.canvas;
    if (on) {
      const pencil = new PencilBrush(c);
      pencil.color = brush.color ?? '#222222';
      pencil.width = brush.width ?? 4;
      c.freeDrawingBrush = pencil;
      c.discardActiveObject();
    }
    c.isDrawingMode = on;
    this.changed();
  }

  // ------------------------------------------------------------------------------------------------
  // Viewport

  /**
   * The background is painted only over the design area (the rest of the viewport stays transparent
   * for the UI's pasteboard). A canvas `clipPath` would do it too but cost ~60 ms per frame with 300
   * objects (bench/editor); a rectangular context clip around the background is nearly free.
   */
  private updateClip(): void {
    const c = this.canvas as unknown as {
      _renderBackground(ctx: CanvasRenderingContext2D): void;
      __engineClip?: boolean;
    };
    if (c.__engineClip) return;
    c.__engineClip = true;
    const original = c._renderBackground.bind(this.canvas);
    c._renderBackground = (ctx: CanvasRenderingContext2D) => {
      const v = this.canvas.viewportTransform;
      ctx.save();
      const m = ctx.getTransform();
      ctx.transform(v[0], v[1], v[2], v[3], v[4], v[5]);
      ctx.beginPath();
      ctx.rect(0, 0, this.width, this.height);
      ctx.clip();
      ctx.setTransform(m);
      original(ctx);
      ctx.restore();
    };
  }

  /** Resizes the canvas element (CSS pixels), e.g. when the UI's container changes size. */
  setViewportSize(width: number, height: number): void {
    this.canvas.setDimensions({ width, height });
    this.changed();
  }

  /** Sets the zoom (1 = 100 %, clamped to 0.05..20) keeping `point` (viewport pixels; default the centre) still. */
  zoomTo(zoom: number, point?: { x: number; y: number }): void {
    const z = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    const p = point ?? { x: this.canvas.getWidth() / 2, y: this.canvas.getHeight() / 2 };
    this.canvas.zoomToPoint(new Point(p.x, p.y), z);
    this.changed();
  }

  /** Zooms so the whole design fits the viewport with `padding` pixels around it, centred. */
  zoomToFit(padding = 40): void {
    const vw = this.canvas.getWidth();
    const vh = this.canvas.getHeight();
    const z = Math.min(
      MAX_ZOOM,
      Math.max(MIN_ZOOM, Math.min((vw - padding * 2) / this.width, (vh - padding * 2) / this.height)),
    );
    this.canvas.setViewportTransform([z, 0, 0, z, (vw - this.width * z) / 2, (vh - this.height * z) / 2]);
    this.changed();
  }

  /** Moves the view by dx, dy viewport pixels. */
  pan(dx: number, dy: number): void {
    this.canvas.relativePan(new Point(dx, dy));
    this.changed();
  }

  // ------------------------------------------------------------------------------------------------
  // Keyboard and pointer

  /**
   * Keyboard dispatcher the UI attaches to its editor area: finds the command whose `shortcut` matches
   * (Mod = Ctrl or ⌘) and runs it. Ignores keys typed into inputs and into text being edited.
   * @returns true when a command handled the key (the UI should then `preventDefault`).
   */
  handleKeyDown(event: KeyboardEvent): boolean {
    const target = event.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))
      return false;
    const active: (FabricObject & { isEditing?: boolean }) | undefined = this.canvas.getActiveObject();
    if (active?.isEditing) return false;
    const combo = keyCombo(event);
    const command = this.commands
      .list()
      .find((c) => (Array.isArray(c.shortcut) ? c.shortcut : c.shortcut ? [c.shortcut] : []).includes(combo));
    const args = { shiftKey: event.shiftKey, fromKeyboard: true };
    // While commands are queued, enablement is decided when this one runs (copy then paste).
    if (!command || (this.busy === 0 && !command.isEnabled(this, args))) return false;
    event.preventDefault();
    void this.run(command.id, args);
    return true;
  }

  /**
   * Paste dispatcher the UI attaches to `paste` events on its editor area. An image file on the system
   * clipboard is uploaded through `assetResolver.upload` (never stored as a data URL) and inserted; SVG
   * text is sanitized and inserted; otherwise the editor's own copied objects are pasted.
   * @returns true when the event was handled (the UI should then `preventDefault`).
   */
  handlePaste(event: ClipboardEvent): boolean {
    const target = event.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))
      return false;
    const data = event.clipboardData;
    const file = data
      ? [...data.files].find((f) => f.type.startsWith('image/') && f.type !== 'image/svg+xml')
      : undefined;
    if (file) {
      if (!this.options.assetResolver) return false;
      void this.run('insert.uploadImage', { blob: file });
      return true;
    }
    const text = data?.getData('text/plain')?.trim() ?? '';
    if (/^<svg[\s>]/i.test(text) || (/^<\?xml/i.test(text) && text.includes('<svg'))) {
      void this.run('insert.svg', { svg: text });
      return true;
    }
    if (this.clipboardData.length === 0) return false;
    void this.run('edit.paste');
    return true;
  }

  /**
   * Attaches pointer interactions: wheel zooms at the pointer, space + drag (or middle button) pans.
   * @returns a function that detaches them.
   */
  attachInteractions(win: Window = window): () => void {
    const c = this.canvas;
    let spaceDown = false;
    let panning: { x: number; y: number } | null = null;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.code === 'Space' && !(e.target as HTMLElement | null)?.isContentEditable) {
        spaceDown = true;
        c.defaultCursor = 'grab';
        c.selection = false;
      }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.code === 'Space') {
        spaceDown = false;
        c.defaultCursor = 'default';
        c.selection = true;
      }
    };
    const onWheel = (opt: TPointerEventInfo<WheelEvent>) => {
      const e = opt.e;
      const zoom = c.getZoom() * Math.pow(0.999, e.deltaY);
      this.zoomTo(zoom, { x: e.offsetX, y: e.offsetY });
      e.preventDefault();
      e.stopPropagation();
    };
    const onDown = (opt: TPointerEventInfo<TPointerEvent>) => {
      const e = opt.e as MouseEvent;
      if (spaceDown || e.button === 1) {
        panning = { x: e.clientX, y: e.clientY };
        c.discardActiveObject();
      }
    };
    const onMove = (opt: TPointerEventInfo<TPointerEvent>) => {
      if (!panning) return;
      const e = opt.e as MouseEvent;
      this.pan(e.clientX - panning.x, e.clientY - panning.y);
      panning = { x: e.clientX, y: e.clientY };
    };
    const onUp = () => {
      panning = null;
    };
    win.addEventListener('keydown', onKeyDown);
    win.addEventListener('keyup', onKeyUp);
    c.on('mouse:wheel', onWheel);
    c.on('mouse:down', onDown);
    c.on('mouse:move', onMove);
    c.on('mouse:up', onUp);
    return () => {
      win.removeEventListener('keydown', onKeyDown);
      win.removeEventListener('keyup', onKeyUp);
      c.off('mouse:wheel', onWheel);
      c.off('mouse:down', onDown);
      c.off('mouse:move', onMove);
      c.off('mouse:up', onUp);
    };
  }

  // ------------------------------------------------------------------------------------------------
  // Fonts and export

  /** Loads a shipped font (see `FontLoader.load`); re-measures text using it. Resolves false on failure. */
  async loadFont(family: string): Promise<boolean> {
    const ok = await this.fonts.load(family);
    if (ok) {
      for (const o of this.canvas.getObjects()) {
        const t = o as FabricObject & { fontFamily?: string; initDimensions?: () => void };
        if (t.fontFamily === family && t.initDimensions) {
          t.initDimensions();
          t.setCoords();
          t.dirty = true;
        }
      }
      this.changed();
    }
    return ok;
  }

  /** Renders the design as PNG/JPEG (see `exportImage` in export.ts). */
  exportImage(options: ExportImageOptions = {}): Promise<Blob> {
    return exportImage(this, options);
  }

  /** Renders the design as SVG markup with used fonts embedded (see export.ts). */
  exportSvg(options: ExportSvgOptions = {}): Promise<string> {
    return exportSvg(this, options);
  }

  /** The document (same as `toDocument()`), for saving as a JSON file. */
  exportJson(): PosterDocument {
    return this.toDocument();
  }

  /** Copies the design as a real `image/png` to the clipboard; `{ ok, message }` with 复制成功 / 复制失败. */
  copyImageToClipboard(): Promise<ClipboardResult> {
    return copyImageToClipboard(this, this.options.clipboard);
  }

  /** Detaches fabric and all listeners. */
  async dispose(): Promise<void> {
    this.listeners.clear();
    await this.canvas.dispose();
  }
}

/** Ids of the objects an entry leaves changed or added (selected after undo/redo, like design tools do). */
function touchedIds(entry: HistoryEntry, direction: 'undo' | 'redo'): string[] {
  switch (entry.kind) {
    case 'modify':
      return entry.changes.map((c) => c.id);
    case 'structure':
      return (direction === 'redo' ? entry.after : entry.before).map((p) => p.data.id);
    case 'batch':
      return [...new Set(entry.entries.flatMap((e) => touchedIds(e, direction)))];
    default:
      return [];
  }
}

/** Per-object diff of two lists of serialized objects (same order): only changed keys are kept. */
export function diffObjects(before: ObjectData[], after: ObjectData[]): PropChange[] {
  const changes: PropChange[] = [];
  before.forEach((b, i) => {
    const a = after[i]!;
    const change: PropChange = { id: b.id, before: {}, after: {} };
    const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
    for (const k of keys) {
      if (!sameValue(b[k], a[k])) {
        change.before[k] = b[k];
        change.after[k] = a[k];
      }
    }
    if (Object.keys(change.after).length) changes.push(change);
  });
  return changes;
}

/** `Mod+Shift+Z`-style name of a key event (Mod = Ctrl or Meta). */
export function keyCombo(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): string {
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('Mod');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey) parts.push('Shift');
  const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
  parts.push(key === ' ' ? 'Space' : key);
  return parts.join('+');
}

/**
 * Creates an editor on `canvasElement` with an empty white design of width × height pixels.
 * @throws RangeError when width or height is outside 1..10000.
 */
export function createEditor(options: EditorOptions): Editor {
  const ok = (v: number) => Number.isFinite(v) && v >= 1 && v <= 10_000;
  if (!ok(options.width) || !ok(options.height))
    throw new RangeError('width and height must be 1..10000 pixels');
  return new Editor(options);
}
