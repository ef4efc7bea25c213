import type { Editor } from '@tiptap/react';
import type { ComponentType } from 'react';

/**
 * A picture from the car photo library with the credit line it must show (the fields of the carphoto feature's
 * `PickedCarPhoto` the article uses; the page passes the picker in, features never import each other).
 */
export interface InsertablePhoto {
  url: string;
  brandName: string;
  seriesName: string;
  attribution: string;
}

/** The car photo library picker as the article page passes it in (`CarPhotoPicker` of features/carphoto). */
export type PhotoPicker = ComponentType<{
  open: boolean;
  onClose: () => void;
  onPick: (photos: InsertablePhoto[]) => void;
  multiple?: boolean;
}>;

/** Escapes text for an HTML text node or attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inserts HTML at the editor's cursor (the last selection, kept while a helper's dialog had the focus). */
export function insertAtCursor(editor: Editor | null, html: string): boolean {
  if (!editor) return false;
  return editor.chain().focus().insertContent(html).run();
}

/** Replaces the whole body; undo brings the old body back. */
export function replaceBody(editor: Editor | null, html: string): boolean {
  if (!editor) return false;
  return editor.chain().focus().setContent(html, { emitUpdate: true }).run();
}

/** Pictures as body HTML, one paragraph each, in order. */
export const imagesHtml = (urls: readonly string[]) =>
  urls.map((url) => `<p><img src="${escapeHtml(url)}" alt=""></p>`).join('');

/** Car photo library pictures with the credit line each must show (issue #15 "with attribution"). */
export const carPhotosHtml = (photos: readonly InsertablePhoto[]) =>
  photos
    .map(
      (p) =>
        `<p><img src="${escapeHtml(p.url)}" alt="${escapeHtml(`${p.brandName} ${p.seriesName}`)}"></p>` +
        `<p><em>${escapeHtml(p.attribution)}</em></p>`,
    )
    .join('');

/** A link to one of the author's published articles, as its own paragraph. */
export const workLinkHtml = (title: string, href: string) =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(title)}</a></p>`;
