import { BUILT_IN_COMMANDS } from './commands/registry';
import { MATERIALS } from './library/materials';
import { PALETTES } from './library/palettes';
import { TEMPLATES } from './library/templates';
import { TEXTURES } from './library/textures';
import { MESSAGE_KEYS } from './messages';
import { SIZE_PRESETS } from './presets';

/**
 * Every i18n key the engine hands to the UI (command labels, template/material/palette/texture/size
 * names, messages), sorted and unique — for the UI's test that zh-CN and en-US cover them all.
 */
export function listI18nKeys(): string[] {
  const keys = [
    ...BUILT_IN_COMMANDS.map((c) => c.labelKey),
    ...TEMPLATES.map((t) => t.labelKey),
    ...MATERIALS.map((m) => m.labelKey),
    ...PALETTES.map((p) => p.labelKey),
    ...TEXTURES.map((t) => t.labelKey),
    ...SIZE_PRESETS.map((p) => p.labelKey),
    ...Object.values(MESSAGE_KEYS),
  ];
  return [...new Set(keys)].sort();
}
