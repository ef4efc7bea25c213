import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ListData, VideoDetail } from '@cc/contracts';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body, login, signedGet } from '../test/helpers.js';
import { useTestApp } from '../test/support.js';
import { DEMO_CLIPS, demoAssetsDir } from './demo-videos.js';
import { contents, messages, uploads, users } from './schema/index.js';
import { DEMO_ACCOUNT, DEMO_PASSWORD, seedDemo } from './seed.js';

// Issue #9 "the demo's videos play": the demo author's videos have a real file, duration and cover, from a
// clip shipped with the project (no ffmpeg at start).
const run = promisify(execFile);
const t = useTestApp({ seedDemo: true });

interface Probe {
  format: { format_name: string; duration: string; size: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

describe('the shipped clips', () => {
  it.each(Object.entries(DEMO_CLIPS))(
    '%s: the facts stored with the seed are what ffprobe reads',
    async (_use, clip) => {
      const file = path.join(demoAssetsDir(), clip.file);
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-show_format',
        '-show_streams',
        '-of',
        'json',
        file,
      ]);
      const probe = JSON.parse(stdout) as Probe;
      const video = probe.streams.find((s) => s.codec_type === 'video')!;
      const audio = probe.streams.find((s) => s.codec_type === 'audio');
      expect({
        size: statSync(file).size,
        duration: Number(probe.format.duration),
        width: video.width,
        height: video.height,
        codecs: {
          format: probe.format.format_name,
          video: video.codec_name,
          audio: audio?.codec_name ?? null,
        },
      }).toEqual({
        size: clip.size,
        duration: clip.duration,
        width: clip.width,
        height: clip.height,
        codecs: clip.codecs,
      });
      // "a few hundred KB" at most, and its cover is a frame of its own size
      expect(clip.size).toBeLessThan(300 * 1024);
      const cover = await sharp(path.join(demoAssetsDir(), clip.cover)).metadata();
      expect([cover.format, cover.width, cover.height]).toEqual(['jpeg', clip.width, clip.height]);
    },
  );
});

describe('the seeded demo', () => {
  it('plays: every demo video is ready with its duration and size, its file answers ranges, its cover shows', async () => {
    expect(await seedDemo(t.db, t.config)).toBe(true);
    // the start writes the bytes (app.ts onReady, as after `main.ts start` seeded)
    await t.restart();
    const session = await login(t.app, DEMO_ACCOUNT, DEMO_PASSWORD);
    const get = async <T>(url: string, param: unknown) =>
      body<T>(await signedGet(t.app, url, param, { session })).data;
    const seen = new Set<string>();
    for (const use of ['video', 'smallVideo'] as const) {
      const list = await get<ListData<{ id: number; stats: { duration: number | null } }>>(
        '/api/content/list',
        {
          type: use,
        },
      );
      expect(list.total).toBeGreaterThan(0);
      for (const item of list.list) {
        expect(item.stats.duration).toBe(10);
        const detail = await get<VideoDetail>('/api/video/detail', { id: item.id });
        const clip = DEMO_CLIPS[use];
        expect(detail).toMatchObject({
          uploadState: 'ready',
          duration: 10,
          width: clip.width,
          height: clip.height,
        });
        // each video has a file of its own (deleting one never breaks another)
        expect(seen.has(detail.videoUrl!)).toBe(false);
        seen.add(detail.videoUrl!);
        const whole = await t.app.inject(detail.videoUrl!);
        expect(whole.statusCode).toBe(200);
        expect(whole.rawPayload.length).toBe(clip.size);
        const part = await t.app.inject({ url: detail.videoUrl!, headers: { range: 'bytes=0-99' } });
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe(`bytes 0-99/${clip.size}`);
      }
    }
    const [row] = await t.db.select().from(uploads).where(eq(uploads.name, DEMO_CLIPS.video.file)).limit(1);
    const cover = await t.app.inject(`/media/img/0x0/${row!.cover}`);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toMatch(/^image\/jpeg/);
  });

  it('a demo seeded before the clips existed gets them at the next seed, once', async () => {
    // the earlier test seeded; take the uploads away as an old seed had none
    await t.db.delete(uploads);
    expect(await seedDemo(t.db, t.config)).toBe(false);
    const rows = await t.db.select({ state: uploads.state }).from(uploads);
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.state === 'ready')).toBe(true);
    expect(await seedDemo(t.db, t.config)).toBe(false);
    expect(await t.db.select({ key: uploads.key }).from(uploads)).toHaveLength(3);
  });
});

describe('the demo messages', () => {
  it('every message that names a work opens that work of the demo author (no id 0, no dead link)', async () => {
    const demoUser = await t.db.select().from(users).where(eq(users.account, DEMO_ACCOUNT)).limit(1);
    const rows = await t.db.select().from(messages).where(eq(messages.userId, demoUser[0]!.id));
    const naming = rows.filter((m) => typeof (m.params as { id?: unknown }).id === 'number');
    expect(naming.length).toBeGreaterThanOrEqual(2);
    for (const m of naming) {
      const { id, title } = m.params as { id: number; title: string };
      const [work] = await t.db.select().from(contents).where(eq(contents.id, id));
      expect(work, `${m.kind} → content ${id}`).toMatchObject({ userId: demoUser[0]!.id, title });
    }
  });
});
