import type { Background, ObjectData } from './types';

/** Before/after values of the properties of one object that changed (document form). */
export interface PropChange {
  id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** An object with its index in the canvas stack (0 = bottom) in the state it belongs to. */
export interface PlacedObject {
  index: number;
  data: ObjectData;
}

/** Document-level properties (pixels). */
export interface DocumentProps {
  width: number;
  height: number;
  background: Background;
}

/**
 * One reversible change. Modifications store only changed properties per object; add/remove/group/
 * ungroup are `structure` entries (objects removed → objects added); z-order changes are `reorder`.
 */
export type HistoryEntry =
  | { kind: 'modify'; changes: PropChange[] }
  | { kind: 'structure'; before: PlacedObject[]; after: PlacedObject[] }
  | { kind: 'reorder'; before: string[]; after: string[] }
  | { kind: 'document'; before: Partial<DocumentProps>; after: Partial<DocumentProps> }
  | { kind: 'batch'; entries: HistoryEntry[] };

/** A recorded entry with its estimated size in bytes. */
export interface RecordedEntry {
  entry: HistoryEntry;
  labelKey: string;
  bytes: number;
  coalesceKey?: string;
  time: number;
  /** Changes whenever the entry's content changes (new entry or coalesced into). */
  revision: number;
}

/** 20 MB: entries past this total are dropped oldest first (issue #4). */
export const DEFAULT_HISTORY_BUDGET_BYTES = 20 * 1024 * 1024;
/** Changes with the same coalesce key within this window (ms) merge into one step. */
export const COALESCE_WINDOW_MS = 1000;

/** Estimated memory of an entry in bytes: its JSON length as UTF-16 plus a fixed overhead. */
export function estimateEntryBytes(entry: HistoryEntry): number {
  return JSON.stringify(entry).length * 2 + 64;
}

/** Merges two lists of property changes: earliest `before`, latest `after` per object and key. */
export function mergeChanges(first: PropChange[], second: PropChange[]): PropChange[] {
  const out = first.map((c) => ({ id: c.id, before: { ...c.before }, after: { ...c.after } }));
  for (const c of second) {
    const prev = out.find((p) => p.id === c.id);
    if (!prev) out.push({ id: c.id, before: { ...c.before }, after: { ...c.after } });
    else {
      prev.before = { ...c.before, ...prev.before };
      prev.after = { ...prev.after, ...c.after };
    }
  }
  return out;
}

/** Collapses a transaction's entries into one: adjacent modifications merge, the rest keep their order. */
export function combineEntries(entries: HistoryEntry[]): HistoryEntry | null {
  const out: HistoryEntry[] = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    if (e.kind === 'modify' && last?.kind === 'modify')
      out[out.length - 1] = { kind: 'modify', changes: mergeChanges(last.changes, e.changes) };
    else out.push(e);
  }
  if (out.length === 0) return null;
  return out.length === 1 ? out[0]! : { kind: 'batch', entries: out };
}

/**
 * Undo/redo stacks of reversible entries with a byte budget. Knows nothing of fabric: the editor
 * applies entries. Transactions (`begin`/`commit`) and coalescing keys turn many changes into one step.
 */
export class History {
  private undoStack: RecordedEntry[] = [];
  private redoStack: RecordedEntry[] = [];
  private pending: HistoryEntry[][] = [];
  private pendingLabel = 'editor.cmd.transaction';
  private total = 0;
  /** Incremented on every push/undo/redo (listeners can use it as a change counter). */
  version = 0;
  private nextRevision = 1;
  /** Revision of the newest entry dropped by the budget: the state an emptied undo stack stands for. */
  private floorRevision = 0;

  /**
   * Identifies the state the undo stack is in: the revision of the newest undoable entry, 0 when none.
   * The editor saves it on `markSaved()`; undoing back to that state makes `dirty` false again.
   */
  get headRevision(): number {
    return this.undoStack[this.undoStack.length - 1]?.revision ?? this.floorRevision;
  }

  constructor(readonly budgetBytes = DEFAULT_HISTORY_BUDGET_BYTES) {}

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }
  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }
  /** Estimated bytes held by both stacks. */
  get totalBytes(): number {
    return this.total;
  }
  /** Number of undoable steps. */
  get size(): number {
    return this.undoStack.length;
  }
  get inTransaction(): boolean {
    return this.pending.length > 0;
  }

  /** Starts a transaction; nested calls join the outer one. */
  begin(labelKey = 'editor.cmd.transaction'): void {
    if (this.pending.length === 0) this.pendingLabel = labelKey;
    this.pending.push([]);
  }

  /** Ends the innermost transaction; the outermost pushes everything as ONE entry. */
  commit(): void {
    const inner = this.pending.pop();
    if (!inner) return;
    const outer = this.pending[this.pending.length - 1];
    if (outer) outer.push(...inner);
    else {
      const combined = combineEntries(inner);
      if (combined) this.pushRecorded(combined, this.pendingLabel);
    }
  }

  /** Drops the open transactions and returns their entries (newest last) so the editor can revert them. */
  abort(): HistoryEntry[] {
    const all = this.pending.flat();
    this.pending = [];
    return all;
  }

  /** Records an entry (inside a transaction it waits for `commit`). */
  push(entry: HistoryEntry, labelKey: string, coalesceKey?: string): void {
    const open = this.pending[this.pending.length - 1];
    if (open) {
      open.push(entry);
      return;
    }
    const top = this.undoStack[this.undoStack.length - 1];
    const now = performance.now();
    if (
      coalesceKey &&
      top &&
      top.coalesceKey === coalesceKey &&
      now - top.time < COALESCE_WINDOW_MS &&
      top.entry.kind === 'modify' &&
      entry.kind === 'modify'
    ) {
      this.total -= top.bytes;
      top.entry = { kind: 'modify', changes: mergeChanges(top.entry.changes, entry.changes) };
      top.bytes = estimateEntryBytes(top.entry);
      top.time = now;
      top.revision = this.nextRevision++;
      this.total += top.bytes;
      this.clearRedo();
      this.version++;
      return;
    }
    this.pushRecorded(entry, labelKey, coalesceKey);
  }

  private pushRecorded(entry: HistoryEntry, labelKey: string, coalesceKey?: string): void {
    const bytes = estimateEntryBytes(entry);
    this.undoStack.push({
      entry,
      labelKey,
      bytes,
      coalesceKey,
      time: performance.now(),
      revision: this.nextRevision++,
    });
    this.total += bytes;
    this.clearRedo();
    this.version++;
    this.enforceBudget();
  }

  private clearRedo(): void {
    for (const r of this.redoStack) this.total -= r.bytes;
    this.redoStack = [];
  }

  private enforceBudget(): void {
    while (this.total > this.budgetBytes && this.undoStack.length > 1) {
      const dropped = this.undoStack.shift()!;
      this.total -= dropped.bytes;
      this.floorRevision = dropped.revision;
    }
  }

  /** Moves the newest entry to the redo stack and returns it (the caller reverts it). */
  takeUndo(): RecordedEntry | undefined {
    const r = this.undoStack.pop();
    if (r) {
      this.redoStack.push(r);
      r.coalesceKey = undefined;
      this.version++;
    }
    return r;
  }

  /** Moves the newest undone entry back and returns it (the caller re-applies it). */
  takeRedo(): RecordedEntry | undefined {
    const r = this.redoStack.pop();
    if (r) {
      this.undoStack.push(r);
      this.version++;
    }
    return r;
  }

  /** Forgets everything (after `load`). */
  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.pending = [];
    this.total = 0;
    this.floorRevision = 0;
    this.version++;
  }
}
