/**
 * The spec's route list (creator-centre-spec.md §2 "Screens and routes", from "Top-level routes:" up
 * to "Layouts:"), copied word for word so the manifest test runs where the product docs are not
 * checked out (CI clones the repository alone). route-manifest.test.ts checks this copy equals the
 * spec whenever the spec file is present, so a spec change shows up as a failing test.
 */
export const SPEC_SECTION_2_ROUTES = `Top-level routes:
- /article, /notice, /program, /releaseImages, /videodot
- /certification/agreement, /certification/indexc, /certification/organization, /certification/person
- /dynamic/dynamic
- /notFound/notFound, /serverError/serverError
- /smallVideo/indexv, /task/detail, /videos/video
- Article helper pages: /article/index-new, /article/cropperDialog, /article/getData, /article/mixin, /article/newSurfacePlotCompound, /article/toolbarTips, /article/upLayer/upFile, /article/upLayer/upImage

Routes under the main layout at /:
- '' (home), businessOrder, businessOrder/detail, contentAssistant, creativeHot, creativeInterest, dataOverview, dataReport, detailManage, detailManage/dynamic, exponent, messageList, noticeList, rank, topic, workData, stat_param
- imageCollection, liveShow, popBarrage, program, smallVideo, videos
- authoringService/ruleCenter, with sub-pages /publish and /recommend
- newDynamic/community, newDynamic/oldDynamic, newDynamic/smallVideo
- exponent/hotRank, popularRank, safeRank
- growthInterest/growthBoost, with couponDetail and myPromotion
- growUp/myGrade, with creditScore, gradeAnalysis, gradeRights
- manage/commentManage, with article, commentlist, dynamic, popReply, smallVideo, video
- manage/dataAnalyse, with imageAnalyse, videoAnalyse
- manage/influenceIndex, manage/fansManage/fans
- rank/carBuyingInfluenceRank, rank/leaderRank, rank/videoRank
- Other sub-parts and helpers of these pages.`;

/**
 * One route the spec names. The spec's "X, with a, b" is ambiguous — sub-pages of X
 * (`manage/commentManage/article`) or siblings under X's parent (`growUp/creditScore`) — so such a
 * route carries both readings and the app must serve at least one.
 */
export interface SpecRoute {
  /** acceptable paths without leading slash ('' = home); the first is the literal reading */
  anyOf: string[];
  /** 'top' = "Top-level routes", 'main' = "Routes under the main layout at /" */
  area: 'top' | 'main';
}

/**
 * The route block of spec §2 inside the whole spec markdown: from "Top-level routes:" to just before
 * "Layouts:", trimmed. Throws when §2 or either marker is missing (the spec was restructured).
 */
export function extractSpecRouteBlock(markdown: string): string {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('2. '));
  if (!section) throw new Error('spec: section "## 2." not found');
  const start = section.indexOf('Top-level routes:');
  const end = section.indexOf('Layouts:');
  if (start < 0 || end < start) throw new Error('spec §2: "Top-level routes:" … "Layouts:" not found');
  return section.slice(start, end).trim();
}

const PATH = /^[A-Za-z0-9_/-]*$/;
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

function checked(path: string, line: string): string {
  if (!PATH.test(path)) throw new Error(`spec §2: cannot read "${path}" in "${line}"`);
  return path;
}

/**
 * Reads the routes of the spec §2 block (see SPEC_SECTION_2_ROUTES for the grammar it accepts):
 * - top-level bullets: every `/path` token;
 * - main-layout bullets: comma/"and" separated paths, `''` for home; a bare name after a first item
 *   with a slash is its sibling (`exponent/hotRank, popularRank` → `exponent/popularRank`); items
 *   after ", with [sub-pages]" are children or siblings of the item before it (see SpecRoute);
 * - a bullet starting with a capital letter without any `/path` ("Other sub-parts …") names no route.
 * Throws on a token that is not a path, so a reworded spec fails loudly instead of being skipped.
 */
export function parseSpecRoutes(block: string): SpecRoute[] {
  const routes: SpecRoute[] = [];
  let area: SpecRoute['area'] | null = null;
  for (const raw of block.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('Top-level routes')) area = 'top';
    else if (line.startsWith('Routes under the main layout')) area = 'main';
    if (!line.startsWith('- ') || !area) continue;
    const here = area;
    const body = line.slice(2).replace(/\.$/, '');
    if (area === 'top') {
      for (const token of body.match(/\/[A-Za-z0-9_/-]+/g) ?? []) {
        routes.push({ area, anyOf: [checked(token.slice(1), line)] });
      }
      continue;
    }
    if (/^[A-Z]/.test(body) && !body.includes('/')) continue;
    const [head = '', tail] = body.split(/,\s*with\s+(?:sub-pages\s+)?/);
    const items = head.split(/,\s*|\s+and\s+/).map((s) => s.trim());
    const first = items[0] ?? '';
    items.forEach((item, i) => {
      const path =
        item === "'' (home)"
          ? ''
          : i > 0 && !item.includes('/') && first.includes('/')
            ? `${parentOf(first)}/${item}`
            : item;
      routes.push({ area: here, anyOf: [checked(path, line)] });
    });
    if (tail !== undefined) {
      const base = items[items.length - 1] ?? '';
      for (const sub of tail.split(/,\s*|\s+and\s+/)) {
        const name = checked(sub.trim().replace(/^\//, ''), line);
        routes.push({ area, anyOf: [`${base}/${name}`, `${parentOf(base)}/${name}`] });
      }
    }
  }
  return routes;
}
