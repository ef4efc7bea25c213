import fc from 'fast-check';

/**
 * Hostile generators of the fuzz suite (issue #8 "Keep it fixed" and item 2): the values that crashed
 * calls in the probe (2147483648 as number and string, NUL) and their class — huge and
 * fractional numbers, numeric strings beyond every column, control characters, lone surrogates, deep
 * nesting, wrong types, over-long strings, prototype keys.
 */

/** `depth` nested arrays around a value: `[[[…0…]]]`. */
export function nested(depth: number, inner: unknown = 0): unknown {
  let value: unknown = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** `depth` nested objects: `{"a":{"a":…}}`. */
export function nestedObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const EDGE_VALUES: unknown[] = [
  2147483648,
  '2147483648',
  2147483647,
  '2147483647',
  -2147483649,
  4294967296,
  32768,
  '32768',
  2 ** 53 + 2,
  '9007199254740993',
  '99999999999999999999999999',
  1e308,
  -1e308,
  5e-324,
  1.5,
  '1.5',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '0x7fffffff',
  -1,
  '-1',
  0,
  '0',
  '',
  ' ',
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { id: 1 },
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\u007f',
  '\u001b[31mred',
  'line\nbreak',
  'tab\there',
  '\r\n',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '\u202e',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '%00',
  '%',
  '/media/\u0000',
  '/media/../../x',
  'javascript:alert(1)',
  '😀'.repeat(50),
  'x'.repeat(257),
  'x'.repeat(70_000),
  '中'.repeat(20_000),
];

/** One hostile JSON value (anything `JSON.stringify` keeps). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EDGE_VALUES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) }),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 1, arbitrary: fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 1500 }).map((d) => nested(d)) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 500 }).map(nestedObject) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/** A whole `param` string that is not the JSON of an object (signed as given). */
export const brokenParamText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"id":',
    '{"id":1,}',
    "{'id':1}",
    'undefined',
    'NaN',
    '['.repeat(100_000),
    '['.repeat(50_000) + ']'.repeat(50_000),
    '{"id":' + '['.repeat(20_000) + '1' + ']'.repeat(20_000) + '}',
    '{"a":'.repeat(20_000),
    '"\u0000"',
    '{"id":1e999}',
    '{"id":-0}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\ufeff{}',
    'null',
    '[]',
    '0',
  ),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

/** Raw request bodies for unsigned POST/DELETE routes: broken multipart, broken JSON, bytes. */
export const brokenBody: fc.Arbitrary<{ contentType: string | undefined; payload: string | Buffer }> =
  fc.oneof(
    fc.constantFrom(
      { contentType: 'multipart/form-data', payload: '--x\r\n\r\n' },
      { contentType: 'multipart/form-data; boundary=', payload: '--\r\n' },
      {
        contentType: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data\r\n\r\nabc',
      },
      {
        contentType: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="shard"; filename="a"\r\n\r\nabc\r\n--x',
      },
      {
        contentType: 'multipart/form-data; boundary=x',
        payload:
          '--x\r\nContent-Disposition: form-data; name="shardIndex"\r\n\r\n2147483648\r\n' +
          '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\n\u0000\r\n--x--\r\n',
      },
      { contentType: 'multipart/form-data; boundary=x', payload: '--x--\r\n' },
      { contentType: 'multipart/form-data; boundary="unterminated', payload: 'abc' },
      { contentType: 'application/json', payload: '{' },
      { contentType: 'application/json', payload: '['.repeat(50_000) },
      { contentType: 'application/x-www-form-urlencoded', payload: '%%%&&==' },
      { contentType: 'text/plain', payload: 'hello' },
      { contentType: undefined, payload: '' },
      { contentType: 'application/octet-stream', payload: Buffer.alloc(1024) },
    ),
    fc
      .tuple(fc.string({ unit: 'binary', maxLength: 30 }), fc.uint8Array({ maxLength: 300 }))
      .map(([boundary, bytes]) => ({
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: Buffer.concat([Buffer.from(`--${boundary}\r\n`), Buffer.from(bytes)]),
      })),
  );

/** A hostile path segment (URL-encoded as a client would send it, or raw). */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '0x0',
    '99999x99999',
    '800x600',
    '%00',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%2F..%2F',
    '%zz',
    '%',
    'a'.repeat(600),
    'x'.repeat(20_000),
    '00000000000000000000000000000000.mp4',
    'videos',
    'default-avatar.png',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
