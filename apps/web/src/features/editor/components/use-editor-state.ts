import { useSyncExternalStore } from 'react';
import type { Editor, EditorState } from '@cc/canvas-engine';

const noop = () => () => {};

/** The engine's UI state, re-rendered on every `editor.subscribe` notification (null before mount). */
export function useEditorState(editor: Editor | null): EditorState | null {
  return useSyncExternalStore(editor ? (cb) => editor.subscribe(cb) : noop, () =>
    editor ? editor.getState() : null,
  );
}

/** Runs a command and reports a thrown error to `onError` instead of an unhandled rejection. */
export function runCommand(
  editor: Editor | null,
  id: string,
  args?: unknown,
  onError?: (e: unknown) => void,
): Promise<boolean> {
  if (!editor) return Promise.resolve(false);
  return editor.run(id, args).catch((e: unknown) => {
    onError?.(e);
    return false;
  });
}
