/**
 * The spec's editor messages (spec §8), word for word. The engine never shows text itself; the UI
 * shows these for zh-CN and its own translations for other locales (keys in `MESSAGE_KEYS`).
 */
export const EDITOR_MESSAGES = {
  fontLoading: '正在加载字体，您耐心等候...',
  fontFailed: '字体加载失败，请重试',
  loadingData: '加载数据中...',
  copySucceeded: '复制成功',
  copyFailed: '复制失败',
  /** Issue #4: background panel with no image chosen. */
  chooseBackgroundImage: '请选择背景图片',
  /** Issue #4: JSON import with no file chosen. */
  chooseFile: '请选择文件',
} as const;

/** i18n keys for the messages above, for the UI's message catalogue. */
export const MESSAGE_KEYS = {
  fontLoading: 'editor.msg.fontLoading',
  fontFailed: 'editor.msg.fontFailed',
  loadingData: 'editor.msg.loadingData',
  copySucceeded: 'editor.msg.copySucceeded',
  copyFailed: 'editor.msg.copyFailed',
  chooseBackgroundImage: 'editor.msg.chooseBackgroundImage',
  chooseFile: 'editor.msg.chooseFile',
} as const satisfies Record<keyof typeof EDITOR_MESSAGES, string>;
