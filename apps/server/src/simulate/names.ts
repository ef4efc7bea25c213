import { type CertificationField, type ContentType, TITLE_MAX } from '@cc/contracts';
import { CAR_CATALOGUE } from '../modules/car/car-catalogue.data.js';
import { intBetween, pick, type Rng } from './random.js';

/*
 * What simulated authors and works are called (issue #12): media names and work titles that read like a
 * Chinese car-media site's, each about a real series of the shipped car catalogue (modules/car), so the lists,
 * the data pages and the car tags of the simulated works look like the real thing. Pure functions of the RNG.
 */

/** A car series of the catalogue with its display name (brand + series, without repeating the brand). */
export interface SimCar {
  seriesId: number;
  name: string;
}

/** Brands of electric and plug-in cars first of all (a `new_energy` author writes about them). */
const NEW_ENERGY_BRANDS = new Set([
  '比亚迪',
  '腾势',
  '仰望',
  '极氪',
  '深蓝',
  '阿维塔',
  '埃安',
  '岚图',
  '极狐',
  '理想',
  '蔚来',
  '乐道',
  '小鹏',
  '零跑',
  '问界',
  '智界',
  '小米',
  '特斯拉',
  '智己',
  '飞凡',
]);

const ALL_CARS: SimCar[] = CAR_CATALOGUE.flatMap((brand) =>
  brand.series.map((s) => ({
    seriesId: s.id,
    name: s.name.startsWith(brand.name) ? s.name : `${brand.name}${s.name}`,
  })),
);
const NEW_ENERGY_CARS: SimCar[] = CAR_CATALOGUE.filter((b) => NEW_ENERGY_BRANDS.has(b.name)).flatMap(
  (brand) => brand.series.map((s) => ({ seriesId: s.id, name: `${brand.name}${s.name}` })),
);

/** A car for a work of an author of `field` (new-energy authors mostly write about new-energy brands). */
export function pickCar(rng: Rng, field: CertificationField): SimCar {
  return field === 'new_energy' && rng() < 0.85 ? pick(rng, NEW_ENERGY_CARS) : pick(rng, ALL_CARS);
}

const FIELD_PREFIX: Record<CertificationField, readonly string[]> = {
  car_review: ['车评', '说车', '试驾', '玩车'],
  buying_guide: ['购车', '选车', '买车', '车市'],
  modification: ['改装', '改车', '玩改'],
  motorsport: ['赛道', '赛车', '漂移'],
  new_energy: ['电车', '新能源', '续航', '充电'],
  used_cars: ['二手车', '车商', '收车'],
  maintenance: ['养车', '修车', '车间', '保养'],
  industry_news: ['汽车快报', '车圈', '车市观察', '产业'],
};
const NICKNAMES = [
  '老王',
  '小李',
  '阿杰',
  '大刘',
  '老陈',
  '小周',
  '阿飞',
  '胖哥',
  '老司机',
  '小马',
  '阿强',
  '老张',
  '小林',
  '大鹏',
  '阿明',
  '老赵',
  '小吴',
  '阿伟',
  '老郑',
  '小孙',
  '研究所',
  '日记',
  '笔记',
  '工作室',
  '频道',
  '说',
  '君',
  '侠',
];

/** A media name for an author of `field`, e.g. `说车老王`. */
export function authorName(rng: Rng, field: CertificationField): string {
  return `${pick(rng, FIELD_PREFIX[field])}${pick(rng, NICKNAMES)}`;
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华建国志';

/** A made-up personal name (for the simulated author's certification, stored encrypted). */
export function personName(rng: Rng): string {
  const given = Array.from({ length: intBetween(rng, 1, 2) }, () => pick(rng, [...GIVEN])).join('');
  return `${pick(rng, [...SURNAMES])}${given}`;
}

/** What a work of a field is about: words a title puts after the car. */
const FIELD_TOPICS: Record<CertificationField, readonly string[]> = {
  car_review: ['深度试驾', '长测报告', '静态体验', '底盘表现', '动力实测', '车主口碑'],
  buying_guide: ['值不值得买', '配置怎么选', '落地价分析', '竞品对比', '选购指南', '优惠行情'],
  modification: ['改装案例', '轮毂升级', '外观改装', '音响升级', '动力升级', '包围改装'],
  motorsport: ['赛道圈速', '弯道极限', '刹车衰减测试', '漂移挑战', '性能版解析', '赛道日体验'],
  new_energy: ['冬季续航实测', '充电速度实测', '电耗测试', '智能驾驶体验', '电池安全解析', '高速续航'],
  used_cars: ['二手车行情', '保值率分析', '二手避坑指南', '检测要点', '过户流程', '车况鉴定'],
  maintenance: ['保养费用', '保养周期', '常见故障', '轮胎更换', '机油怎么选', '用车成本'],
  industry_news: ['上市发布', '销量解读', '降价消息', '新款曝光', '产能动态', '官方定价'],
};
const FEELINGS = ['开起来真香', '比想象中好', '有几个小问题', '一家人都满意', '油耗出乎意料', '值了'];
const SHOWS = ['车评小课堂', '周末说车', '一周车闻', '老司机讲堂', '选车不踩坑', '养车百科'];

/**
 * A title for a work of `type` about `car` by an author of `field`, e.g. `理想L6冬季续航实测，看完再决定`,
 * `【视频】丰田凯美瑞深度试驾`, `60秒看懂小米SU7智能驾驶体验`: at most `TITLE_MAX` characters (code points).
 */
export function workTitle(rng: Rng, type: ContentType, field: CertificationField, car: SimCar): string {
  return [...titleOf(rng, type, field, car)].slice(0, TITLE_MAX).join('');
}

function titleOf(rng: Rng, type: ContentType, field: CertificationField, car: SimCar): string {
  const topic = pick(rng, FIELD_TOPICS[field]);
  const c = car.name;
  switch (type) {
    case 'article':
      return pick(rng, [
        `${c}${topic}：我们跑了${intBetween(rng, 3, 30) * 100}公里`,
        `${c}${topic}，看完再决定`,
        `${intBetween(rng, 8, 40)}万预算，${c}${topic}`,
        `${c}对比同级竞品：${topic}`,
        `关于${c}的${topic}，一篇讲清楚`,
      ]);
    case 'video':
      return pick(rng, [`【视频】${c}${topic}`, `${c}${topic}（完整版）`, `实拍${c}：${topic}`]);
    case 'smallVideo':
      return pick(rng, [`${intBetween(rng, 3, 6) * 10}秒看懂${c}${topic}`, `${c}${topic}，一分钟说完`]);
    case 'album':
      return pick(rng, [`${c}实拍图集：${intBetween(rng, 12, 60)}张图看细节`, `${c}${topic}图解`]);
    case 'dynamic':
      return pick(rng, [`今天开了${c}，${pick(rng, FEELINGS)}`, `${c}${topic}，大家怎么看？`]);
    case 'live':
      return pick(rng, [`${c}${topic}直播答疑`, `直播：到店看${c}`]);
    case 'program':
      return `《${pick(rng, SHOWS)}》第${intBetween(rng, 1, 80)}期：${c}${topic}`;
    default:
      return `${c}${topic}`;
  }
}

/** Where readers say they are from in their nicknames (`杭州老陈`). */
const READER_PLACES = [
  '北京',
  '上海',
  '广州',
  '深圳',
  '杭州',
  '成都',
  '重庆',
  '武汉',
  '西安',
  '南京',
  '苏州',
  '长沙',
  '郑州',
  '济南',
  '青岛',
  '沈阳',
  '昆明',
  '厦门',
  '合肥',
  '天津',
];
/** What readers say they like or are (`爱喝可乐的小周`, `周末自驾`). */
const READER_HABITS = [
  '爱喝可乐的',
  '不想上班的',
  '爱钓鱼的',
  '早起通勤的',
  '想换车的',
  '刚提车的',
  '喜欢自驾的',
  '带娃出游的',
  '骑车上班的',
  '爱看车的',
];
const READER_HANDLES = [
  '追风少年',
  '周末自驾',
  '奶爸开车',
  '通勤族',
  '新手司机',
  '城市漫游',
  '山路爱好者',
  '省油达人',
  '看车不买',
  '慢慢开',
  '夜猫子',
  '准车主',
  '电车新人',
  '老司机带路',
  '小区车友',
  '随便看看',
];

/**
 * A made-up reader's nickname as a car site shows it (issue #13's simulated comments): a site's default
 * `用户1234567` or `车友38271`, a place and a nickname (`杭州老陈`), a habit (`爱钓鱼的阿伟`) or a handle with
 * digits (`周末自驾88`). Drawn from `rng` (seed it with the reader's id: the same reader, the same name).
 */
export function readerNickname(rng: Rng): string {
  const person = pick(rng, NICKNAMES.slice(0, 20));
  const u = rng();
  if (u < 0.2) return `用户${intBetween(rng, 1_000_000, 9_999_999)}`;
  if (u < 0.3) return `车友${intBetween(rng, 10_000, 99_999)}`;
  if (u < 0.55) return `${pick(rng, READER_PLACES)}${person}`;
  if (u < 0.75) return `${pick(rng, READER_HABITS)}${person}`;
  const handle = pick(rng, READER_HANDLES);
  return rng() < 0.5 ? handle : `${handle}${intBetween(rng, 1, 999)}`;
}

/** Accounts that post advertising (the share of spam of issue #13, held by the moderation). */
export const AD_ACCOUNT_NAMES: readonly string[] = [
  '优惠购车顾问',
  '车险返现专员',
  '车源直供小刘',
  '兼职日结小助手',
  '提车福利官',
  '新车底价群主',
];
