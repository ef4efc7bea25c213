import {
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  BODY_MAX,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_IMAGES,
  type Envelope,
  type ImportedHtml,
  type MyImageItem,
} from '@cc/contracts';
import { body, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Issue #15 "Article helper routes" (docs/api.md "Article import"): a real .docx built with `docx` converted by
// mammoth on the server, its pictures stored as the author's images and served; pasted HTML cleaned by the article
// sanitizer; every limit and refusal, in both languages where the text matters.
const t = useTestApp();
const EN = 'en-US';
const ZH = 'zh-CN';

const png = (w = 40, h = 30, color = '#2468f2') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();

/** `POST /fileservice/document` as `author` with the file `name`. */
async function upload(
  author: TestSession,
  bytes: Buffer,
  name: string,
  opts: { lang?: string; guid?: string | null; cookies?: Record<string, string> } = {},
): Promise<{ statusCode: number; env: Envelope<ImportedHtml> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const headers: Record<string, string> = { cid: '500', ver: '1.0.4', 'accept-language': opts.lang ?? EN };
  const guid = opts.guid === undefined ? author.userGuid : opts.guid;
  if (guid !== null) headers['x-user-guid'] = guid;
  const res = await t.app.inject({
    method: 'POST',
    url: '/fileservice/document',
    payload: form,
    headers,
    cookies: opts.cookies ?? author.cookies,
  });
  return { statusCode: res.statusCode, env: body<ImportedHtml>(res) };
}

const clean = async (author: TestSession, html: string, lang = EN) =>
  body<ImportedHtml>(
    await signedPost(
      t.app,
      '/api/article/clean_html',
      { html },
      { session: author, json: true, headers: { 'accept-language': lang } },
    ),
  );

const myImages = async (author: TestSession) =>
  (await t.get<{ list: MyImageItem[] }>('/api/media/my_images', { page: 1, pageSize: 100 }, author)).data
    .list;

async function sampleDocx(picture: Buffer): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Spring road trip', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'Day one', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            children: [
              new TextRun({ text: 'We drove ' }),
              new TextRun({ text: 'four hundred kilometres', bold: true }),
              new TextRun({ text: ' along the coast', italics: true }),
            ],
          }),
          new Paragraph({ text: 'charging stops', bullet: { level: 0 } }),
          new Paragraph({ text: 'tyre pressure', bullet: { level: 0 } }),
          new Paragraph({ children: [new TextRun('<script>alert(1)</script><img src=x onerror=alert(2)>')] }),
          new Paragraph({
            children: [
              new ExternalHyperlink({ link: 'javascript:alert(3)', children: [new TextRun('bad link')] }),
              new TextRun(' and '),
              new ExternalHyperlink({ link: 'https://example.com/', children: [new TextRun('good link')] }),
            ],
          }),
          new Paragraph({
            children: [
              new ImageRun({ type: 'png', data: picture, transformation: { width: 40, height: 30 } }),
            ],
          }),
          new Table({
            rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('cell text')] })] })],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const docWith = (children: Paragraph[]) => Packer.toBuffer(new Document({ sections: [{ children }] }));

describe('POST /fileservice/document (a Word .docx through mammoth)', () => {
  it('converts headings, bold, italic, lists and links; stores the picture as the author’s own image; strips script', async () => {
    const author = await t.signIn();
    const { statusCode, env } = await upload(author, await sampleDocx(await png()), 'trip.docx');
    expect(statusCode).toBe(200);
    expect(env.status).toBe(1);
    const html = env.data.html;
    expect(html).toContain('<h2>Spring road trip</h2>');
    expect(html).toContain('<h3>Day one</h3>');
    expect(html).toContain('<strong>four hundred kilometres</strong>');
    expect(html).toContain('<em> along the coast</em>');
    expect(html).toMatch(/<ul><li>charging stops<\/li><li>tyre pressure<\/li><\/ul>/);
    // the script-ish text is text, escaped; no element or handler came out of it
    expect(html).not.toMatch(/<script|<img src="x"|<[^>]*\sonerror=/i);
    expect(html).toContain('&lt;script&gt;');
    // a javascript: link loses its target; an https link keeps it with rel
    expect(html).not.toContain('javascript:');
    expect(html).toContain(
      '<a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">',
    );
    // the table's text survives as text, with a note
    expect(html).toContain('cell text');
    expect(html).not.toContain('<table');
    expect(env.data.warnings.map((w) => w.code)).toContain('IMPORT_WARN_TABLES');
    // the picture: one of our /media/img/ URLs, served, and listed among the author's images
    const src = /<img src="(\/media\/img\/0x0\/([^"]+))"/.exec(html);
    expect(html).toMatch(/<img src="[^"]+" alt="" \/>/);
    expect(src).not.toBeNull();
    expect(env.data.images).toBe(1);
    const served = await t.app.inject(`/media/img/20x0/${src![2]}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await myImages(author)).map((i) => i.url)).toContain(src![1]);
    expect(env.data.chars).toBeGreaterThan(50);
  });

  it('the imported body publishes as it is: the article sanitizer keeps it unchanged', async () => {
    const author = await t.signIn();
    const { env } = await upload(author, await sampleDocx(await png()), 'trip.docx');
    const res = await t.post<{ id: number }>(
      '/api/article/publish',
      { title: 'A trip from Word', content: env.data.html, coverUrls: [], publishType: 0 },
      author,
      { json: true },
    );
    expect(res.status).toBe(1);
    const detail = await t.get<{ content: string }>('/api/content/detail', { id: res.data.id }, author);
    expect(detail.data.content).toBe(env.data.html);
  });

  it('reads .txt as paragraphs and .md through markdown-it (raw HTML in Markdown stays text)', async () => {
    const author = await t.signIn();
    const txt = await upload(
      author,
      Buffer.from('First line\nsame paragraph\n\nSecond <b>para</b>'),
      'a.txt',
    );
    expect(txt.env.data.html).toBe(
      '<p>First line<br />same paragraph</p><p>Second &lt;b&gt;para&lt;/b&gt;</p>',
    );
    const md = await upload(
      author,
      Buffer.from('## Title\n\n- **one**\n- two\n\n<script>x()</script>'),
      'a.md',
    );
    expect(md.env.data.html).toContain('<h2>Title</h2>');
    expect(md.env.data.html).toContain('<li><strong>one</strong></li>');
    expect(md.env.data.html).not.toContain('<script');
    const html = await upload(
      author,
      Buffer.from('<p onclick="x()">Hi <script>evil()</script>there</p>'),
      'a.html',
    );
    expect(html.env.data.html).toBe('<p>Hi there</p>');
  });

  it('refuses a file of another type, in both languages', async () => {
    const author = await t.signIn();
    const en = await upload(author, Buffer.from('%PDF-1.7 ...'), 'report.pdf');
    expect(en.statusCode).toBe(400);
    expect(en.env).toMatchObject({ status: 10007, messageCode: 'IMPORT_DOC_TYPE' });
    expect(en.env.message).toContain('only Word documents (.docx)');
    const zh = await upload(author, Buffer.from('%PDF-1.7 ...'), 'report.pdf', { lang: ZH });
    expect(zh.env.message).toContain('只能导入 Word 文档（.docx）');
    // a zip renamed .txt is not text either
    const zipAsText = await upload(author, await docWith([new Paragraph('x')]), 'notes.txt');
    expect(zipAsText.env.messageCode).toBe('IMPORT_DOC_TYPE');
    const binary = await upload(author, Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00]), 'notes.txt', {
      lang: ZH,
    });
    expect(binary.env).toMatchObject({ status: 10007, messageCode: 'IMPORT_DOC_NOT_TEXT' });
    expect(binary.env.message).toBe('文件不是 UTF-8 编码的文本');
  });

  it('refuses a corrupt .docx, an old .doc and a password-protected .docx with clear reasons in both languages', async () => {
    const author = await t.signIn();
    const good = await docWith([new Paragraph('hello world, some text')]);
    const cut = await upload(author, good.subarray(0, 200), 'broken.docx');
    expect(cut.env).toMatchObject({ status: 10007, messageCode: 'IMPORT_DOC_CORRUPT' });
    expect(cut.env.message).toBe('the document is damaged or not a valid .docx file and cannot be read');
    const notZip = await upload(author, Buffer.from('hello, not a zip'), 'fake.docx', { lang: ZH });
    expect(notZip.env.message).toBe('文档已损坏或不是有效的 .docx 文件，无法读取');

    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    const oldDoc = await upload(author, ole, 'old.doc');
    expect(oldDoc.env.messageCode).toBe('IMPORT_DOC_OLD_WORD');
    const encrypted = Buffer.concat([ole, Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(512)]);
    const locked = await upload(author, encrypted, 'secret.docx');
    expect(locked.env).toMatchObject({ status: 10007, messageCode: 'IMPORT_DOC_ENCRYPTED' });
    expect(locked.env.message).toContain('password-protected');
    const lockedZh = await upload(author, encrypted, 'secret.docx', { lang: ZH });
    expect(lockedZh.env.message).toContain('设置了打开密码');
  });

  it('refuses an empty file, a document with no text, more pictures than allowed, and a body over the limit — storing nothing', async () => {
    const author = await t.signIn();
    expect((await upload(author, Buffer.alloc(0), 'a.docx')).env.messageCode).toBe('FILE_EMPTY');
    expect((await upload(author, Buffer.from('   \n\n  '), 'a.txt')).env.messageCode).toBe('IMPORT_EMPTY');

    const picture = await png(8, 8);
    const many = await docWith(
      Array.from(
        { length: DOCUMENT_MAX_IMAGES + 1 },
        () =>
          new Paragraph({
            children: [new ImageRun({ type: 'png', data: picture, transformation: { width: 8, height: 8 } })],
          }),
      ),
    );
    const tooMany = await upload(author, many, 'album.docx', { lang: ZH });
    expect(tooMany.env).toMatchObject({ status: 10007, messageCode: 'IMPORT_TOO_MANY_IMAGES' });
    expect(tooMany.env.message).toBe(
      `文档有 ${DOCUMENT_MAX_IMAGES + 1} 张图片，最多 ${DOCUMENT_MAX_IMAGES} 张；请删减后再导入`,
    );

    const long = await docWith([
      new Paragraph({
        children: [new ImageRun({ type: 'png', data: picture, transformation: { width: 8, height: 8 } })],
      }),
      new Paragraph('字'.repeat(BODY_MAX + 1)),
    ]);
    const tooLong = await upload(author, long, 'long.docx');
    expect(tooLong.env).toMatchObject({ status: 10007, messageCode: 'IMPORT_TOO_LONG' });
    expect(tooLong.env.message).toBe(
      `the imported text has ${BODY_MAX + 1} characters, more than the body limit of ${BODY_MAX}`,
    );
    expect(await myImages(author)).toEqual([]);
  });

  it('refuses a file over the size limit with 10010', async () => {
    const author = await t.signIn();
    const res = await upload(author, Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x61), 'big.txt', { lang: ZH });
    expect(res.statusCode).toBe(413);
    expect(res.env).toMatchObject({ status: 10010, messageCode: 'IMPORT_DOC_TOO_LARGE' });
    expect(res.env.message).toBe(`文档不能超过 ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);
  });

  it('needs the session and its x-user-guid (like the image upload, API.md §8)', async () => {
    const author = await t.signIn();
    const doc = Buffer.from('some text here');
    expect((await upload(author, doc, 'a.txt', { guid: null })).env.status).toBe(10005);
    expect((await upload(author, doc, 'a.txt', { cookies: {} })).env.status).toBe(10002);
  });
});

describe('POST /api/article/clean_html (pasted rich text)', () => {
  it('strips <script>, event handlers and javascript: links; keeps the editor’s formatting', async () => {
    const author = await t.signIn();
    const env = await clean(
      author,
      '<h2 style="color:red">Title</h2><p>Some <b>bold</b> <strong>strong</strong> and <i>it</i></p>' +
        '<script>steal()</script><p onmouseover="x()">hover</p>' +
        '<p><a href="javascript:alert(1)">click</a> <a href="https://example.com/">ok</a></p>' +
        '<ul><li>one</li></ul>',
    );
    expect(env.status).toBe(1);
    expect(env.data.html).toBe(
      '<h2>Title</h2><p>Some bold <strong>strong</strong> and it</p><p>hover</p>' +
        '<p><a>click</a> <a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>' +
        '<ul><li>one</li></ul>',
    );
    expect(env.data.warnings.map((w) => w.code)).toEqual(['IMPORT_WARN_REMOVED']);
  });

  it('drops pictures from other sites (onerror included) with a note in the request’s language', async () => {
    const author = await t.signIn();
    const html =
      '<p>text</p><img src="https://tracker.example/p.gif" onerror="alert(1)"><img src="data:image/png;base64,AAAA">';
    const en = await clean(author, html);
    expect(en.data.html).toBe('<p>text</p>');
    expect(en.data.images).toBe(0);
    expect(en.data.warnings).toContainEqual({
      code: 'IMPORT_WARN_EXTERNAL_IMAGES',
      message: '2 pictures from other sites were removed (a body shows only pictures uploaded here)',
    });
    const zh = await clean(author, html, ZH);
    expect(zh.data.warnings.find((w) => w.code === 'IMPORT_WARN_EXTERNAL_IMAGES')?.message).toBe(
      '2 张来自其他网站的图片已移除（正文只能使用本站上传的图片）',
    );
  });

  it('refuses text over the body limit and empty results, in both languages', async () => {
    const author = await t.signIn();
    const long = await clean(author, `<p>${'a'.repeat(BODY_MAX + 1)}</p>`, ZH);
    expect(long).toMatchObject({ status: 10007, messageCode: 'IMPORT_TOO_LONG' });
    expect(long.message).toBe(`导入的内容有 ${BODY_MAX + 1} 字，超过正文上限 ${BODY_MAX} 字`);
    const empty = await clean(author, '<script>only()</script>');
    expect(empty).toMatchObject({ status: 10007, messageCode: 'IMPORT_EMPTY' });
    expect(empty.message).toBe('there is no text or picture to import');
  });

  it('needs a session', async () => {
    const res = await signedPost(t.app, '/api/article/clean_html', { html: '<p>x</p>' }, { json: true });
    expect(body(res).status).toBe(10002);
  });
});
