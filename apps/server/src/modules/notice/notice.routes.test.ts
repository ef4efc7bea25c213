import type { ListData, NoticeDetail, NoticeItem } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support.js';
import { publishNotice } from './notice.service.js';

// Issue #9 "Language": a notice is written in zh-CN and may carry an en-US translation; the list and the
// detail answer in the request's language (Accept-Language), and in its own text where it has no translation.
const t = useTestApp();

describe('notices in the reader\u2019s language', () => {
  it('answers a translated notice in en-US, its own zh-CN text by default, and zh-CN where no translation exists', async () => {
    const author = await t.signIn();
    const translated = await publishNotice(t.db, {
      title: '平台规则更新',
      content: '<p>新规则今天生效。</p>',
      translations: {
        'en-US': { title: 'Platform rules updated', content: '<p>The new rules apply today.</p>' },
      },
    });
    const plain = await publishNotice(t.db, { title: '只有中文的公告', content: '<p>内容</p>' });
    const en = { headers: { 'accept-language': 'en-US' } };

    const listEn = (await t.get<ListData<NoticeItem>>('/api/notice/get_notice_list', {}, author, en)).data
      .list;
    expect(listEn.find((n) => n.id === translated.id)).toMatchObject({
      title: 'Platform rules updated',
      summary: 'The new rules apply today.',
    });
    expect(listEn.find((n) => n.id === plain.id)?.title).toBe('只有中文的公告');
    const detailEn = await t.get<NoticeDetail>(
      '/api/notice/get_notice_detail',
      { id: translated.id },
      author,
      en,
    );
    expect(detailEn.data.content).toBe('<p>The new rules apply today.</p>');

    const detailZh = await t.get<NoticeDetail>(
      '/api/notice/get_notice_detail',
      { id: translated.id },
      author,
    );
    expect(detailZh.data).toMatchObject({ title: '平台规则更新', content: '<p>新规则今天生效。</p>' });
  });

  it('refuses a translation without a title or content, naming the field, and stores nothing', async () => {
    await expect(
      publishNotice(t.db, {
        title: '标题',
        content: '<p>内容</p>',
        translations: { 'en-US': { title: ' ', content: '<script>x</script>' } },
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'translations.en-US.title', code: 'NOTICE_TITLE_LENGTH' },
        { path: 'translations.en-US.content', code: 'NOTICE_CONTENT_REQUIRED' },
      ],
    });
  });

  it('a missing notice is 10006 in the language asked for', async () => {
    const author = await t.signIn();
    const zh = await t.get('/api/notice/get_notice_detail', { id: 999_999 }, author);
    expect(zh).toMatchObject({ status: 10006, message: '公告不存在' });
    const en = await t.get('/api/notice/get_notice_detail', { id: 999_999 }, author, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(en).toMatchObject({ status: 10006, message: 'no such notice' });
  });
});
