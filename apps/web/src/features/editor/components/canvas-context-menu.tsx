import type { Editor } from '@cc/canvas-engine';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';

/** The right-click menu of the canvas (spec §2): command id → engine label key, in menu order. */
export const CONTEXT_MENU_COMMANDS: (string | null)[] = [
  'edit.copy',
  'edit.paste',
  'edit.duplicate',
  'edit.delete',
  null,
  'object.group',
  'object.ungroup',
  null,
  'arrange.bringForward',
  'arrange.sendBackward',
  'arrange.bringToFront',
  'arrange.sendToBack',
  null,
  'position.centerH',
  'position.centerV',
  'object.toggleLock',
];

/** Menu items for antd's Dropdown: disabled when the engine says the command cannot run now. */
export function contextMenuItems(editor: Editor, t: TFunction): NonNullable<MenuProps['items']> {
  return CONTEXT_MENU_COMMANDS.map((id, i) => {
    if (id === null) return { type: 'divider' as const, key: `d${i}` };
    const command = editor.commands.get(id);
    const shortcut = command?.shortcut
      ? Array.isArray(command.shortcut)
        ? command.shortcut[0]
        : command.shortcut
      : '';
    return {
      key: id,
      disabled: !editor.canRun(id),
      label: (
        <span className="cc-menu-row">
          <span>{command ? t(command.labelKey) : id}</span>
          {shortcut ? <kbd>{shortcut.replace('Mod', '⌘/Ctrl')}</kbd> : null}
        </span>
      ),
    };
  });
}
