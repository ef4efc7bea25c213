import { expect } from 'vitest';
import type { Editor } from '../editor';
import type { PosterDocument } from '../types';
import { snapshot } from './helpers';

/**
 * Runs a command and checks the history contract of issue #4: the document changed, undo gives
 * exactly the before-state (deep-equal `toDocument()`), redo exactly the after-state, in one step.
 */
export async function checkCommand(
  editor: Editor,
  id: string,
  args: unknown,
  verify: (after: PosterDocument, before: PosterDocument) => void,
): Promise<PosterDocument> {
  const before = snapshot(editor);
  const steps = editor.history.size;
  const ran = await editor.run(id, args);
  expect(ran, `${id} should be enabled`).toBe(true);
  const after = snapshot(editor);
  expect(after, `${id} should change the document`).not.toEqual(before);
  verify(after, before);
  expect(editor.history.size, `${id} should be one undo step`).toBe(steps + 1);
  await editor.undo();
  expect(snapshot(editor), `${id} undo`).toEqual(before);
  await editor.redo();
  expect(snapshot(editor), `${id} redo`).toEqual(after);
  return after;
}
