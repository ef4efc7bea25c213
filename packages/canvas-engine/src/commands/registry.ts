import type { Editor } from '../editor';
import { ARRANGE_COMMANDS } from './arrange-commands';
import { DOCUMENT_COMMANDS } from './document-commands';
import { EDIT_COMMANDS } from './edit-commands';
import { INSERT_COMMANDS } from './insert-commands';
import { STYLE_COMMANDS } from './style-commands';

/**
 * A declared editor command (model: Excalidraw actions). The UI renders `labelKey` (an i18n key),
 * shows `shortcut` (`Mod` = Ctrl/⌘), disables the control when `isEnabled` is false and calls
 * `editor.run(id, args)`.
 */
export interface Command<A = never> {
  id: string;
  labelKey: string;
  shortcut?: string | string[];
  /** `args` are the ones `run` was given (commands acting on `ids` are enabled without a selection). */
  isEnabled(editor: Editor, args?: A): boolean;
  perform(editor: Editor, args: A): void | Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = Command<any>;

/** Commands by id. */
export class CommandRegistry {
  private byId = new Map<string, AnyCommand>();

  /** Adds (or replaces) a command. */
  register(command: AnyCommand): void {
    this.byId.set(command.id, command);
  }

  /** The command with this id. */
  get(id: string): AnyCommand | undefined {
    return this.byId.get(id);
  }

  /** Every command, in registration order. */
  list(): AnyCommand[] {
    return [...this.byId.values()];
  }
}

/** Every built-in command. */
export const BUILT_IN_COMMANDS: AnyCommand[] = [
  ...INSERT_COMMANDS,
  ...EDIT_COMMANDS,
  ...ARRANGE_COMMANDS,
  ...STYLE_COMMANDS,
  ...DOCUMENT_COMMANDS,
];

/** A registry holding every built-in command. */
export function createCommandRegistry(): CommandRegistry {
  const registry = new CommandRegistry();
  for (const c of BUILT_IN_COMMANDS) registry.register(c);
  return registry;
}
