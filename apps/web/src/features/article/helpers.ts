/**
 * The article editor's helpers (issue #15 "Article helper routes", spec §2): each has a deep link that renders the
 * editor with that helper open; closing it returns to `/article` (keeping `?id=`). One page component serves all
 * nine paths, so moving between the editor and a helper keeps the editor (and the draft being typed) mounted.
 */
export const ARTICLE_HELPER_PATHS = {
  /** the editor for a new article, with a short "how it works" panel */
  intro: '/article/index-new',
  /** the cover cropper (choose an image, crop 4:3 / 3:4; re-crop the current cover) */
  cropper: '/article/cropperDialog',
  /** import a draft: a document converted on the server, or pasted rich text; preview, then replace or insert */
  import: '/article/getData',
  /** mix in official car pictures (with their credit line) and links to my published articles */
  mixin: '/article/mixin',
  /** the cover compositor: save, then design the cover in the poster editor at cover size */
  coverDesign: '/article/newSurfacePlotCompound',
  /** a guided tour of the toolbar with its keyboard shortcuts */
  toolbarTips: '/article/toolbarTips',
  /** the image upload layer: several images at once, inserted at the cursor in order */
  upImage: '/article/upLayer/upImage',
  /** the file upload layer: one document uploaded and inserted at the cursor straight away */
  upFile: '/article/upLayer/upFile',
} as const;

export type ArticleHelper = keyof typeof ARTICLE_HELPER_PATHS;

export const ARTICLE_HELPERS = Object.keys(ARTICLE_HELPER_PATHS) as ArticleHelper[];

/** The editor's own path. */
export const ARTICLE_PATH = '/article';

/** The helper a path opens (`/article/getData` → `import`), undefined for the editor itself or another page. */
export function helperOfPath(pathname: string): ArticleHelper | undefined {
  const path = pathname.replace(/\/+$/, '');
  return ARTICLE_HELPERS.find((h) => ARTICLE_HELPER_PATHS[h] === path);
}

/** The address of a helper (or of the editor, `helper` undefined) for article `id`. */
export function articleHelperHref(helper: ArticleHelper | undefined, id?: number): string {
  const base = helper ? ARTICLE_HELPER_PATHS[helper] : ARTICLE_PATH;
  return id ? `${base}?id=${id}` : base;
}
