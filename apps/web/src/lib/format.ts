/**
 * The spec §9 formatters live in contracts (one implementation for server and web); the web app
 * imports them from here so a later locale tweak has one place to go. DESIGN.md keeps the 万 rule
 * in both languages, so counts read the same in zh-CN and en-US; dates follow dayjs's locale,
 * which lib/i18n switches with the language.
 */
export {
  applyImageWidthRules,
  fillAvatar,
  fillImageTemplate,
  formatBadge,
  formatDate,
  formatWan,
  toDate,
} from '@cc/contracts';
