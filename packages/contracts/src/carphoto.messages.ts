import type { Bilingual } from './server-messages.js';

/**
 * Server texts of this area (merged into `SERVER_MESSAGES`, server-messages.ts): every refusal and message text
 * in zh-CN and en-US under a stable code. The car photo library (issue #15 "Car photo library"; spec §7 "photo and car brand/series lookups").
 */
export const CARPHOTO_MESSAGES = {
  // ---- refusals (`ops/carphoto/save`, `ops/carphoto/retire`, `carphoto/use`) ----
  CARPHOTO_NOT_FOUND: {
    'zh-CN': '图库中没有这张图片（id {{id}}），或已下线',
    'en-US': 'no such picture in the library (id {{id}}), or it has been retired',
  },
  CARPHOTO_URL_NOT_OURS: {
    'zh-CN': '只能使用本站上传的图片（/media/ 地址），请先上传',
    'en-US': 'only pictures uploaded here (a /media/ address) can be used; upload it first',
  },
  CARPHOTO_URL_NOT_UPLOADED: {
    'zh-CN': '这张图片不是你上传的，或已不存在，请重新上传',
    'en-US': 'this picture was not uploaded by you, or is gone; upload it again',
  },
  CARPHOTO_SERIES_UNKNOWN: {
    'zh-CN': '车系 {{id}} 不在车型库中',
    'en-US': 'series {{id}} is not in the car catalogue',
  },
  CARPHOTO_TAG_UNKNOWN: {
    'zh-CN': '类别只能是外观、内饰或细节',
    'en-US': 'the kind must be exterior, interior or detail',
  },
  CARPHOTO_DUPLICATE: {
    'zh-CN': '这张图片已在图库中（id {{id}}）',
    'en-US': 'this picture is already in the library (id {{id}})',
  },
  CARPHOTO_IMAGE_GONE: {
    'zh-CN': '图库图片 {{id}} 的文件已不存在，请联系运营',
    'en-US': 'the file of library picture {{id}} is gone; please tell the operators',
  },
  // ---- texts shown with a picture ----
  CARPHOTO_ATTRIBUTION: {
    'zh-CN': '图片来源：{{credit}}',
    'en-US': 'Photo: {{credit}}',
  },
} as const satisfies Record<string, Bilingual>;

/** Message-centre kinds of this area → their title and body codes (merged into the catalog's kinds). None. */
export const CARPHOTO_MESSAGE_KINDS = {} as const satisfies Record<string, { title: string; body: string }>;

/** A value for every `{{param}}` this area's kinds use (server-messages.test.ts renders every kind with them). */
export const CARPHOTO_MESSAGE_SAMPLE_PARAMS: Record<string, unknown> = {};
