import { describe, expect, it } from 'vitest';
import { editPathOf, previewPathOf } from './content-routes';

// Issue #9/#10: "edit" and "preview" open the page of the work's own type, never the article editor's.
describe('content routes', () => {
  it('edit opens each type’s own editor', () => {
    expect(editPathOf({ type: 'album', id: 7 })).toBe('/releaseImages?id=7');
    expect(editPathOf({ type: 'dynamic', id: 7 })).toBe('/dynamic/dynamic?id=7');
    expect(editPathOf({ type: 'live', id: 7 })).toBe('/liveShow?id=7');
    expect(editPathOf({ type: 'program', id: 7 })).toBe('/program?id=7');
  });

  it('preview shows each type as readers see it', () => {
    expect(previewPathOf({ type: 'article', id: 7 })).toBe('/article/preview?id=7');
    expect(previewPathOf({ type: 'video', id: 7 })).toBe('/videodot?id=7');
    expect(previewPathOf({ type: 'album', id: 7 })).toBe('/imageCollection?preview=7');
    expect(previewPathOf({ type: 'dynamic', id: 7 })).toBe('/dynamic/dynamic?id=7');
    expect(previewPathOf({ type: 'live', id: 7 })).toBe('/liveShow?id=7');
  });
});
