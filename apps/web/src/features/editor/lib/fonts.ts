import type { FontEntry } from '@cc/canvas-engine';
// Open-licence (OFL) fonts from @fontsource, bundled by Vite as asset URLs (no run-time download from
// third parties). The CJK families are split by @fontsource into ~120 unicode-range slices of ~190
// characters; slice 118 holds the most frequent simplified characters, so it is the one handed to the
// engine's one-file-per-family registry (rarer characters fall back to the system CJK font).
import notoSansSc from '@fontsource/noto-sans-sc/files/noto-sans-sc-118-400-normal.woff2?url';
import zcoolKuaile from '@fontsource/zcool-kuaile/files/zcool-kuaile-118-400-normal.woff2?url';
import maShanZheng from '@fontsource/ma-shan-zheng/files/ma-shan-zheng-118-400-normal.woff2?url';
import oswald from '@fontsource/oswald/files/oswald-latin-400-normal.woff2?url';
import pacifico from '@fontsource/pacifico/files/pacifico-latin-400-normal.woff2?url';

/** The shipped fonts, for the engine's font registry and the attributes panel's font list. */
export const SHIPPED_FONTS: FontEntry[] = [
  { family: 'Noto Sans SC', url: notoSansSc },
  { family: 'ZCOOL KuaiLe', url: zcoolKuaile },
  { family: 'Ma Shan Zheng', url: maShanZheng },
  { family: 'Oswald', url: oswald },
  { family: 'Pacifico', url: pacifico },
];

/** System families offered too (no loading needed). */
export const SYSTEM_FONT_CHOICES = ['sans-serif', 'serif', 'PingFang SC', 'Microsoft YaHei'];
