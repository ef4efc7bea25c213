import { describe, expect, it } from 'vitest';
import { isAllowedAssetUrl, sanitizeDocumentJson, sanitizeSvg } from './sanitize';
import { DocumentError, migrateDocument, parseShadowString } from './migrate';
import { SCHEMA_VERSION } from './types';

describe('isAllowedAssetUrl', () => {
  it.each([
    ['/media/img/200x200/abc.jpg', true],
    [`${location.origin}/media/x.png`, true],
    [`${location.origin}/anything.png`, true],
    ['relative/own.png', true],
    ['https://img.example.com/a.png', false],
    ['//evil.example.com/a.png', false],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['blob:' + location.origin + '/uuid', false],
    ['', false],
  ])('%s → %s', (url, ok) => {
    expect(isAllowedAssetUrl(url)).toBe(ok);
  });

  it('accepts origins on the allow list', () => {
    expect(isAllowedAssetUrl('https://img.example.com/a.png', ['https://img.example.com'])).toBe(true);
  });
});

describe('sanitizeSvg', () => {
  const wrap = (body: string, attrs = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`;

  it('removes script, foreignObject, style elements and on* attributes, keeps drawing', () => {
    const removed: string[] = [];
    const out = sanitizeSvg(
      wrap(
        '<script>alert(1)</script><foreignObject><div onclick="x()">hi</div></foreignObject><style>@import url(https://evil.example.com/x.css);</style><rect width="10" height="10" fill="red" onclick="steal()" onmouseover="x()"/>',
        'onload="alert(2)"',
      ),
      { removed },
    );
    expect(out).toContain('<rect');
    expect(out).toContain('fill="red"');
    expect(out).not.toMatch(/script|foreignObject|onclick|onmouseover|onload|alert|@import|<style/i);
    expect(removed.length).toBeGreaterThan(0);
  });

  it('removes javascript: links and external href / xlink:href / url() references', () => {
    const out = sanitizeSvg(
      wrap(
        '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>' +
          '<image xlink:href="https://evil.example.com/track.png" width="5" height="5"/>' +
          '<image href="/media/img/10x10/ok.png" width="5" height="5"/>' +
          '<use href="#local"/>' +
          '<rect id="local" width="1" height="1" fill="url(https://evil.example.com/p.svg#x)" style="fill: url(https://evil.example.com/y)"/>' +
          '<rect width="1" height="1" fill="url(#grad)"/>',
      ),
    );
    expect(out).not.toMatch(/javascript:|evil\.example\.com/);
    expect(out).toContain('/media/img/10x10/ok.png');
    expect(out).toContain('href="#local"');
    expect(out).toContain('url(#grad)');
  });

  it('keeps same-origin and allow-listed references', () => {
    const out = sanitizeSvg(
      wrap(`<image href="${location.origin}/a.png"/><image href="https://cdn.example.com/b.png"/>`),
      { allowedOrigins: ['https://cdn.example.com'] },
    );
    expect(out).toContain(`${location.origin}/a.png`);
    expect(out).toContain('https://cdn.example.com/b.png');
  });
});

describe('migrateDocument', () => {
  it('upgrades v1 (bare colour background, shadow strings) to v2 step by step', () => {
    const v1 = {
      schemaVersion: 1,
      width: 900,
      height: 1200,
      background: '#ff0000',
      objects: [
        { type: 'Rect', id: 'a', name: 'a', shadow: 'rgba(0,0,0,0.5) 2px 3px 4px' },
        {
          type: 'Group',
          id: 'g',
          name: 'g',
          objects: [{ type: 'Rect', id: 'b', name: 'b', shadow: '#123456 1 2 3' }],
        },
      ],
    };
    const v2 = migrateDocument(v1);
    expect(v2.schemaVersion).toBe(SCHEMA_VERSION);
    expect(v2.background).toEqual({ type: 'color', color: '#ff0000' });
    expect(v2.objects[0]!.shadow).toEqual({ color: 'rgba(0,0,0,0.5)', offsetX: 2, offsetY: 3, blur: 4 });
    expect((v2.objects[1]!.objects as { shadow: unknown }[])[0]!.shadow).toEqual({
      color: '#123456',
      offsetX: 1,
      offsetY: 2,
      blur: 3,
    });
    expect(v1.background).toBe('#ff0000');
  });

  it('treats a document without schemaVersion as v1', () => {
    expect(migrateDocument({ width: 1, height: 1, background: '#000', objects: [] }).background).toEqual({
      type: 'color',
      color: '#000',
    });
  });

  it('refuses newer documents and non-objects', () => {
    expect(() => migrateDocument({ schemaVersion: SCHEMA_VERSION + 1 })).toThrow(DocumentError);
    expect(() => migrateDocument('x')).toThrow(DocumentError);
  });

  it('parses shadow strings', () => {
    expect(parseShadowString('')).toBeNull();
    expect(parseShadowString('red 0 0 10')).toEqual({ color: 'red', offsetX: 0, offsetY: 0, blur: 10 });
  });
});

describe('sanitizeDocumentJson', () => {
  const base = { schemaVersion: 2, width: 900, height: 1200, background: { type: 'color', color: '#fff' } };

  it('strips unknown properties, event handlers and script-ish strings; keeps known ones', () => {
    const removed: string[] = [];
    const doc = sanitizeDocumentJson(
      JSON.stringify({
        ...base,
        objects: [
          {
            type: 'Rect',
            id: 'r',
            name: 'r',
            left: 10,
            width: 5,
            height: 5,
            fill: 'red',
            onclick: 'steal()',
            __proto__x: 1,
            evil: { a: 1 },
          },
          {
            type: 'Textbox',
            id: 't',
            name: 'javascript:alert(1)',
            text: 'hi',
            fontSize: 20,
            fill: '<script>alert(1)</script>',
          },
          {
            type: 'Rect',
            id: 'p',
            name: 'p',
            fill: { type: 'pattern', source: 'https://evil.example.com/x.png' },
          },
        ],
      }),
      { removed },
    );
    expect(doc.objects[0]).toEqual({
      type: 'Rect',
      id: 'r',
      name: 'r',
      left: 10,
      width: 5,
      height: 5,
      fill: 'red',
    });
    expect(doc.objects[1]).toMatchObject({ type: 'Textbox', id: 't', text: 'hi', fontSize: 20 });
    expect(doc.objects[1]!.fill).toBeUndefined();
    expect(doc.objects[1]!.name).toBe('textbox');
    expect(doc.objects[2]!.fill).toBeUndefined();
    expect(JSON.stringify(doc)).not.toMatch(/onclick|evil|script|javascript/);
    expect(removed).toEqual(
      expect.arrayContaining(['objects[0].onclick', 'objects[0].evil', 'objects[1].fill']),
    );
  });

  it('drops unknown object types and images from foreign or data URLs, recursing into groups', () => {
    const doc = sanitizeDocumentJson({
      ...base,
      objects: [
        { type: 'iframe', id: 'x', name: 'x', src: 'https://evil.example.com' },
        { type: 'Image', id: 'i1', name: 'i', src: 'https://evil.example.com/a.png' },
        { type: 'Image', id: 'i2', name: 'i', src: 'data:image/png;base64,AAAA' },
        {
          type: 'Image',
          id: 'i3',
          name: 'i',
          src: '/media/img/1x1/ok.png',
          filters: [{ type: 'Grayscale' }, { type: 'Evil', code: 'x' }],
        },
        {
          type: 'Group',
          id: 'g',
          name: 'g',
          objects: [
            { type: 'Image', id: 'i4', name: 'i', src: 'javascript:alert(1)' },
            { type: 'Circle', id: 'c', name: 'c', radius: 3 },
          ],
        },
      ],
    });
    expect(doc.objects.map((o) => o.id)).toEqual(['i3', 'g']);
    expect(doc.objects[0]!.filters).toEqual([{ type: 'Grayscale' }]);
    expect((doc.objects[1]!.objects as { id: string }[]).map((o) => o.id)).toEqual(['c']);
  });

  it('background images must be allowed URLs, else white', () => {
    expect(
      sanitizeDocumentJson({
        ...base,
        background: { type: 'image', url: 'https://evil.example.com/x.jpg' },
        objects: [],
      }).background,
    ).toEqual({ type: 'color', color: '#ffffff' });
    expect(
      sanitizeDocumentJson({ ...base, background: { type: 'image', url: '/media/bg.jpg' }, objects: [] })
        .background,
    ).toEqual({ type: 'image', url: '/media/bg.jpg' });
  });

  it('migrates old documents on the way in', () => {
    expect(
      sanitizeDocumentJson({ schemaVersion: 1, width: 10, height: 10, background: '#123', objects: [] })
        .background,
    ).toEqual({ type: 'color', color: '#123' });
  });

  it('throws DocumentError on bad JSON and bad sizes', () => {
    expect(() => sanitizeDocumentJson('{oops')).toThrow(DocumentError);
    expect(() => sanitizeDocumentJson({ ...base, width: 0, objects: [] })).toThrow(DocumentError);
    expect(() => sanitizeDocumentJson({ ...base, width: 20_000, objects: [] })).toThrow(DocumentError);
  });
});
