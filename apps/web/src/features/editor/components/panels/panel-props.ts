import type { Editor, EditorState } from '@cc/canvas-engine';

/** What every left-rail panel receives. */
export interface PanelProps {
  editor: Editor;
  state: EditorState;
  /** runs a command, showing a failure as a message */
  run: (id: string, args?: unknown) => Promise<boolean>;
}
