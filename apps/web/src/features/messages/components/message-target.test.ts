import { describe, expect, it } from 'vitest';
import { messageTarget } from './message-target';

// Issue #9: opening a message goes to what it is about, from its kind + params, else its link or group.
describe('messageTarget', () => {
  it('sends a review result to the work: the preview when published, the editor of its type when rejected', () => {
    const msg = (kind: string, params: Record<string, unknown>) => ({
      kind,
      params,
      link: '/detailManage',
      msgGroup: 8,
    });
    expect(messageTarget(msg('article_published', { id: 3, title: 't' }))).toBe('/article/preview?id=3');
    expect(messageTarget(msg('article_rejected', { id: 3, title: 't', reason: 'r' }))).toBe('/article?id=3');
    expect(messageTarget(msg('video_published', { id: 4, use: 'video' }))).toBe('/videodot?id=4');
    expect(messageTarget(msg('video_rejected', { id: 4, use: 'video' }))).toBe('/videos/video?id=4');
    expect(messageTarget(msg('video_rejected', { id: 4, use: 'smallVideo' }))).toBe(
      '/smallVideo/indexv?id=4',
    );
  });

  it('falls back to the server link when the work id is missing or not a real id (the demo seeds 0)', () => {
    const link = '/detailManage?type=article&status=published';
    expect(messageTarget({ kind: 'article_published', params: { id: 0 }, link, msgGroup: 8 })).toBe(link);
    expect(messageTarget({ kind: 'article_published', params: {}, link, msgGroup: 8 })).toBe(link);
    expect(
      messageTarget({ kind: 'welcome', params: { mediaName: 'x' }, link: '/article', msgGroup: 8 }),
    ).toBe('/article');
  });

  it('without a link: the page of its kind or group, else nothing', () => {
    expect(messageTarget({ kind: 'grade_up', link: null, msgGroup: 8 })).toBe('/growUp/myGrade');
    expect(messageTarget({ kind: 'certified', link: null, msgGroup: 8 })).toBe('/certification/indexc');
    expect(messageTarget({ kind: 'comment', link: null, msgGroup: 1 })).toBe('/manage/commentManage');
    expect(messageTarget({ kind: 'like', link: null, msgGroup: 2 })).toBe('/detailManage');
    expect(messageTarget({ kind: 'follow', link: null, msgGroup: 3 })).toBe('/manage/fansManage/fans');
    expect(messageTarget({ kind: 'business', link: null, msgGroup: 4 })).toBe('/businessOrder');
    expect(messageTarget({ kind: 'custom', link: null, msgGroup: 8 })).toBeNull();
  });
});
