/**
 * zh-CN texts of issue #9 "Dead ends and wrong turns": account settings, the registration's second password
 * field, the pickers of pages opened without an id, the content lists' counts and publish buttons, opening
 * a message.
 */
export const accountZhCN = {
  settings: {
    pageTitle: '账号设置',
    profileTitle: '个人资料',
    avatar: '头像',
    avatarHint: '支持 JPG、PNG、GIF、WebP，不超过 20MB；裁剪为正方形，以 120 × 120 显示',
    changeAvatar: '更换头像',
    cropAvatar: '裁剪头像',
    avatarSaved: '头像已更新',
    mediaName: '媒体名称',
    mediaNameHint: '2–20 个字符，将展示给读者',
    mediaNameRule: '媒体名称为 2–20 个字符',
    saveMediaName: '保存名称',
    mediaNameSaved: '媒体名称已更新',
    saveFailed: '保存失败：{{message}}',
    passwordTitle: '修改密码',
    passwordHint: '修改后，你在其他设备和浏览器上的登录都会退出，当前登录保持不变。',
    currentPassword: '当前密码',
    newPassword: '新密码',
    confirmNewPassword: '确认新密码',
    changePassword: '修改密码',
    passwordChanged: '密码已修改',
    // i18next plurals (count): zh has one form, en two
    passwordChangedOthers_one: '密码已修改，已退出其他 {{count}} 处登录',
    passwordChangedOthers_other: '密码已修改，已退出其他 {{count}} 处登录',
    wrongOldPassword: '当前密码不正确',
    sameAsOld: '新密码不能与当前密码相同',
  },
  password: {
    confirm: '确认密码',
    confirmPlaceholder: '再次输入密码',
    mismatch: '两次输入的密码不一致',
  },
  pickers: {
    dotsTitle: '选择要打点的视频',
    dotsHint: '视频打点只能用于已发布、可以播放的视频。',
    dotsEmpty: '还没有已发布的视频，发布视频后就可以打点了',
    dotsChoose: '打点',
    notPlayable: '视频暂不可播放',
    previewTitle: '选择要预览的文章',
    previewHint: '从你的文章中选一篇，看看读者看到的样子。',
    previewEmpty: '还没有文章，写下第一篇吧',
    previewChoose: '预览',
  },
  content: {
    statPlays: '播放 {{n}}',
    publish: {
      all: '发布作品',
      article: '发布文章',
      album: '发布图集',
      video: '发布视频',
      smallVideo: '发布小视频',
      dynamic: '发布动态',
      live: '创建直播',
      program: '创建节目',
    },
    empty: {
      article: '还没有文章',
      album: '还没有图集',
      video: '还没有视频',
      smallVideo: '还没有小视频',
      dynamic: '还没有动态',
      live: '还没有直播',
      program: '还没有节目',
    },
  },
  messages: {
    openTitle: '打开：{{title}}',
  },
};
