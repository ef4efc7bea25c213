import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MB } from '@cc/contracts';
import { makeFile } from './test-helpers';
import { computeUploadKey } from './upload-key';

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

describe('computeUploadKey', () => {
  it('is MD5(name|size|lastModified|MD5(first MiB)|MD5(last MiB)) as 32 lowercase hex', async () => {
    const file = makeFile(3 * MB + 5, 'Road trip 春.mp4', { lastModified: 1234 });
    const bytes = Buffer.from(await file.arrayBuffer());
    const expected = md5(
      [
        'Road trip 春.mp4',
        3 * MB + 5,
        1234,
        md5(bytes.subarray(0, MB)),
        md5(bytes.subarray(2 * MB + 5)),
      ].join('|'),
    );
    const key = await computeUploadKey(file);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).toBe(expected);
  });

  it('a file under 1 MiB samples the whole file twice', async () => {
    const file = makeFile(1000, 'a.mp4', { lastModified: 1 });
    const whole = md5(Buffer.from(await file.arrayBuffer()));
    expect(await computeUploadKey(file)).toBe(md5(['a.mp4', 1000, 1, whole, whole].join('|')));
  });

  it('the same file gives the same key; a change of name, mtime or sampled bytes gives another', async () => {
    const base = await computeUploadKey(makeFile(2 * MB, 'a.mp4'));
    expect(await computeUploadKey(makeFile(2 * MB, 'a.mp4'))).toBe(base);
    expect(await computeUploadKey(makeFile(2 * MB, 'b.mp4'))).not.toBe(base);
    expect(await computeUploadKey(makeFile(2 * MB, 'a.mp4', { lastModified: 5 }))).not.toBe(base);
    expect(await computeUploadKey(makeFile(2 * MB, 'a.mp4', { seed: 1 }))).not.toBe(base);
  });
});
