/** zh-CN texts of local copies and the leave prompt (lib/local-draft, issue #9). */
export const draftsZhCN = {
  prompt: {
    title: '发现 {{time}} 未保存的修改，是否恢复？',
    description: '本设备保留了一份尚未保存到服务器的修改副本。',
    restore: '恢复',
    discard: '丢弃',
  },
  failure: {
    quota: '浏览器存储空间已满，无法在本设备保留修改副本，请尽快保存。',
    tooLarge: '内容过大，无法在本设备保留修改副本，请尽快保存。',
    unavailable: '浏览器禁用了本地存储，无法在本设备保留修改副本，请尽快保存。',
  },
  leave: {
    title: '确定离开此页面？',
    content: '修改尚未保存到服务器。本设备会保留一份副本，下次打开时可以恢复。',
    ok: '离开',
    cancel: '留下',
  },
} as const;
