import { randomBytes } from 'node:crypto';
import {
  AGREEMENT_RULE_SLUG,
  type CertificationField,
  type ContentType,
  md5Hex,
  shardCountFor,
  shardSizeFor,
} from '@cc/contracts';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import {
  albums,
  certificationAgreements,
  certificationApplications,
  contents,
  dynamics,
  lives,
  programs,
  topics,
  uploads,
  users,
  videos,
} from '../db/schema/index.js';
import { DEMO_ACCOUNT } from '../db/seed.js';
import { encryptPersonal, keyringFromConfig } from '../lib/personal-data.js';
import { scopedUploadKey } from '../modules/fileservice/fileservice.service.js';
import { ruleCatalogOf, ruleVersion } from '../modules/rules/rules.service.js';
import { authorName, personName, pickCar, workTitle } from './names.js';
import { intBetween, keySampler, logNormal, type Rng, rngOf } from './random.js';
import type { TrafficWork } from './traffic.js';

/*
 * The simulated population (issue #12 "A simulator and honest demo data"): authors `sim-author-0001` … with an
 * approved person certification in a field (the peers' median compares authors of a field), and their published
 * works of every type, inserted straight into the tables (as db/seed.ts does), in one transaction. Idempotent: an
 * author whose account exists is reused with its works, so a second run adds traffic, not a second population.
 * The population does not depend on the traffic seed: author n is always drawn from the same stream.
 */

/** Accounts of simulated authors start with this (`sim-author-0001`). */
export const SIM_ACCOUNT_PREFIX = 'sim-author-';

/** The account of simulated author `n` (1-based). */
export const simAccount = (n: number) => `${SIM_ACCOUNT_PREFIX}${String(n).padStart(4, '0')}`;

/**
 * The password hash of simulated authors: a well-formed argon2id hash (so a sign-in attempt fails as a wrong
 * password, not as an error) of an all-zero digest, which no password hashes to in practice: they never sign in.
 */
export const UNUSABLE_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c2ltdWxhdGVkLWF1dGhvcg$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** The most simulated authors (the account number has four digits). */
export const MAX_SIM_AUTHORS = 9999;

/** Works are published from this many days before the first simulated day (a back catalogue) until now. */
const BACK_CATALOGUE_DAYS = 30;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Rows per INSERT statement. */
const CHUNK = 500;

/** Field of a simulated author (car reviews most common, motorsport rarest). */
const FIELD_WEIGHTS: Record<CertificationField, number> = {
  car_review: 0.25,
  buying_guide: 0.17,
  new_energy: 0.17,
  used_cars: 0.1,
  maintenance: 0.1,
  modification: 0.07,
  industry_news: 0.08,
  motorsport: 0.06,
};
/** The population's mix of work types, before each author's own taste and field. */
const TYPE_WEIGHTS: Record<ContentType, number> = {
  article: 0.32,
  video: 0.16,
  smallVideo: 0.2,
  dynamic: 0.16,
  album: 0.08,
  live: 0.04,
  program: 0.04,
};
/** What a field publishes more of. */
const FIELD_TYPE_BIAS: Partial<Record<CertificationField, Partial<Record<ContentType, number>>>> = {
  modification: { video: 1.8, smallVideo: 1.5, album: 1.5 },
  motorsport: { video: 1.8, smallVideo: 1.5 },
  industry_news: { article: 1.6, dynamic: 1.4 },
  used_cars: { smallVideo: 1.4, live: 2 },
  buying_guide: { article: 1.3, live: 1.5 },
  new_energy: { video: 1.3 },
};

/** Options of `ensurePopulation`. */
export interface PopulationOptions {
  /** simulated authors to use: `sim-author-0001` … `sim-author-<authors>` (0 … 9999) */
  authors: number;
  /** works are published up to 10 minutes before `now` */
  now: Date;
  /** the first simulated day's start (ms): new authors' works are published from 30 days before it */
  since: number;
  /** give the demo author's works traffic too: true, false, or undefined = when the account `demo` exists */
  includeDemo?: boolean;
}

/** The population traffic is simulated over. */
export interface Population {
  /** ids of the simulated authors, in account order */
  authorIds: number[];
  /** the demo author's id when it takes part, else null */
  demoAuthorId: number | null;
  /** every published work of those authors (and of the demo author when it takes part) */
  works: TrafficWork[];
  /** authors and works this call created (0 when the population existed) */
  createdAuthors: number;
  createdWorks: number;
}

/**
 * Finds or creates the simulated authors 1…`authors` with their works, and reads the works traffic may reach.
 * @throws Error when `authors` is out of range, when an account named like a simulated author is a real one
 *   (it has a usable password), or from the database
 */
export async function ensurePopulation(
  db: Db,
  config: AppConfig,
  opts: PopulationOptions,
): Promise<Population> {
  if (!Number.isInteger(opts.authors) || opts.authors < 0 || opts.authors > MAX_SIM_AUTHORS)
    throw new Error(`authors must be an integer 0…${MAX_SIM_AUTHORS}`);
  const existing = await db
    .select({ id: users.id, account: users.account, passwordHash: users.passwordHash })
    .from(users)
    .where(like(sql`lower(${users.account})`, `${SIM_ACCOUNT_PREFIX}%`));
  // anyone may register such a name: an account that can sign in is a real author's, never traffic's target
  const real = existing.find((u) => u.passwordHash !== UNUSABLE_PASSWORD_HASH);
  if (real) throw new Error(`the account ${real.account} is not a simulated author (it has a password)`);
  const ids = new Map(existing.map((u) => [u.account, u.id]));
  const missing: number[] = [];
  for (let n = 1; n <= opts.authors; n++) if (!ids.has(simAccount(n))) missing.push(n);
  let createdWorks = 0;
  if (missing.length > 0) {
    const created = await createAuthors(db, config, missing, opts);
    for (const [account, id] of created.ids) ids.set(account, id);
    createdWorks = created.works;
  }
  const authorIds = Array.from({ length: opts.authors }, (_, i) => ids.get(simAccount(i + 1))!);

  let demoAuthorId: number | null = null;
  if (opts.includeDemo !== false) {
    const [demo] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.account}) = ${DEMO_ACCOUNT}`)
      .limit(1);
    demoAuthorId = demo?.id ?? null;
  }
  const works = await readPublishedWorks(
    db,
    demoAuthorId === null ? authorIds : [...authorIds, demoAuthorId],
  );
  return { authorIds, demoAuthorId, works, createdAuthors: missing.length, createdWorks };
}

/** The published works of `authorIds` as the traffic model takes them (video durations from their uploads). */
export async function readPublishedWorks(db: Db, authorIds: number[]): Promise<TrafficWork[]> {
  if (authorIds.length === 0) return [];
  const rows = await db
    .select({
      id: contents.id,
      authorId: contents.userId,
      type: contents.type,
      publishedAt: contents.publishedAt,
      duration: uploads.duration,
    })
    .from(contents)
    .leftJoin(videos, eq(videos.contentId, contents.id))
    // uploads are stored under md5('<userId>:<client key>'), as read-models/video-facts.ts joins them
    .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
    .where(and(inArray(contents.userId, authorIds), eq(contents.status, 'published')))
    .orderBy(asc(contents.id));
  return rows.flatMap((r) =>
    r.publishedAt
      ? [
          {
            id: r.id,
            authorId: r.authorId,
            type: r.type,
            publishedAt: r.publishedAt.getTime(),
            durationMs:
              (r.type === 'video' || r.type === 'smallVideo') && r.duration
                ? Math.round(r.duration * 1000)
                : null,
          },
        ]
      : [],
  );
}

/** One work of a new author, before it has an id. */
interface PlannedWork {
  type: ContentType;
  title: string;
  publishedAt: Date;
  seriesId: number;
  /** videos: seconds */
  duration: number | null;
}

/** One new author with its works. */
interface PlannedAuthor {
  n: number;
  account: string;
  mediaName: string;
  realName: string;
  field: CertificationField;
  grade: number;
  works: PlannedWork[];
}

/** Draws author `n` (its own stream: the same author whatever the run). */
function planAuthor(n: number, opts: PopulationOptions): PlannedAuthor {
  const rng = rngOf('population', n);
  const field = keySampler(FIELD_WEIGHTS)(rng);
  const bias = FIELD_TYPE_BIAS[field] ?? {};
  const taste = {} as Record<ContentType, number>;
  for (const type of Object.keys(TYPE_WEIGHTS) as ContentType[])
    taste[type] = TYPE_WEIGHTS[type] * (bias[type] ?? 1) * logNormal(rng, 1, 0.7);
  const typeOf = keySampler(taste);
  const from = opts.since - BACK_CATALOGUE_DAYS * DAY_MS;
  const until = opts.now.getTime() - 10 * 60_000;
  const spanDays = Math.max(1, Math.floor((until - from) / DAY_MS));
  // works per day: log-normal around one every five days, at least three works
  const count = Math.min(400, Math.max(3, Math.round(logNormal(rng, 0.2, 0.6) * spanDays)));
  const works: PlannedWork[] = [];
  for (let k = 0; k < count; k++) works.push(planWork(rng, typeOf(rng), field, from, until, spanDays));
  works.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  return {
    n,
    account: simAccount(n),
    mediaName: authorName(rng, field),
    realName: personName(rng),
    field,
    grade: intBetween(rng, 1, 4),
    works,
  };
}

/** A work published on a random day of [from, until] between 07:00 and 23:00 of the day (`from` is a midnight). */
function planWork(
  rng: Rng,
  type: ContentType,
  field: CertificationField,
  from: number,
  until: number,
  spanDays: number,
): PlannedWork {
  let at = from + Math.floor(rng() * spanDays) * DAY_MS + 7 * HOUR_MS + Math.floor(rng() * 16 * HOUR_MS);
  if (at > until) at = Math.max(from, until - Math.floor(rng() * 6 * HOUR_MS));
  const car = pickCar(rng, field);
  const duration =
    type === 'video'
      ? Math.round(Math.min(3600, Math.max(60, logNormal(rng, 360, 0.6))) * 10) / 10
      : type === 'smallVideo'
        ? Math.round(Math.min(60, Math.max(8, logNormal(rng, 30, 0.45))) * 10) / 10
        : null;
  return {
    type,
    title: workTitle(rng, type, field, car),
    publishedAt: new Date(at),
    seriesId: car.seriesId,
    duration,
  };
}

/** Splits `rows` into lists of at most `CHUNK`. */
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Inserts the authors `numbers` with their certification and works, in one transaction (a run that fails leaves
 * no half-made author behind).
 * @returns account → id of the new authors, and how many works were made
 */
async function createAuthors(
  db: Db,
  config: AppConfig,
  numbers: number[],
  opts: PopulationOptions,
): Promise<{ ids: Map<string, number>; works: number }> {
  const planned = numbers.map((n) => planAuthor(n, opts));
  const keys = keyringFromConfig(config.dataKeys);
  const agreementVersion = ruleVersion(await ruleCatalogOf(config.rulesDir), AGREEMENT_RULE_SLUG);
  const joined = new Date(opts.since - (BACK_CATALOGUE_DAYS + 30) * DAY_MS);
  const certified = new Date(opts.since - (BACK_CATALOGUE_DAYS + 20) * DAY_MS);
  return db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const part of chunks(planned)) {
      const rows = await tx
        .insert(users)
        .values(
          part.map((a) => ({
            account: a.account,
            passwordHash: UNUSABLE_PASSWORD_HASH,
            mediaName: a.mediaName,
            grade: a.grade,
            authStatus: 2,
            createdAt: joined,
            updatedAt: certified,
          })),
        )
        .returning({ id: users.id, account: users.account });
      for (const r of rows) ids.set(r.account, r.id);
    }
    const idOf = (a: PlannedAuthor) => ids.get(a.account)!;

    // an approved person certification in the author's field (API.md §14): what the peers' median reads
    for (const part of chunks(planned)) {
      await tx
        .insert(certificationAgreements)
        .values(part.map((a) => ({ userId: idOf(a), version: agreementVersion, acceptedAt: certified })));
      await tx.insert(certificationApplications).values(
        part.map((a) => ({
          userId: idOf(a),
          kind: 'person' as const,
          status: 2,
          agreementVersion,
          // personal data only ever encrypted (lib/personal-data.ts); a simulated author has a made-up name and
          // no ID number or phone, so no real person's identity can be claimed by a simulated one
          realNameEnc: encryptPersonal(keys, a.realName),
          field: a.field,
          submittedAt: certified,
          decidedAt: certified,
        })),
      );
    }

    // the works, keyed back by their request id (`sim-<n>-<k>`, unique per author)
    const works = planned.flatMap((a) =>
      a.works.map((w, k) => ({ author: a, work: w, requestId: `sim-${a.n}-${k}` })),
    );
    // about half the works are attached to one of the platform's topics (the topic page's engagement)
    const topicIds = (await tx.select({ id: topics.id }).from(topics).orderBy(topics.id)).map((r) => r.id);
    const topicOf = (requestId: string): number | null => {
      let h = 0;
      for (const ch of requestId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
      return topicIds.length > 0 && h % 2 === 0 ? topicIds[(h >>> 1) % topicIds.length]! : null;
    };
    const contentIds = new Map<string, number>();
    for (const part of chunks(works)) {
      const rows = await tx
        .insert(contents)
        .values(
          part.map(({ author, work, requestId }) => ({
            userId: idOf(author),
            type: work.type,
            title: work.title,
            content:
              work.type === 'article'
                ? '<p>模拟作者的示例文章（演示数据），正文从略。</p>'
                : work.type === 'dynamic'
                  ? work.title
                  : '',
            status: 'published' as const,
            publishedAt: work.publishedAt,
            carSeriesIds: [work.seriesId],
            topicId: topicOf(requestId),
            createdAt: work.publishedAt,
            updatedAt: work.publishedAt,
            requestId,
          })),
        )
        .returning({ id: contents.id, requestId: contents.requestId });
      for (const r of rows) contentIds.set(r.requestId!, r.id);
    }
    const idOfWork = (w: (typeof works)[number]) => contentIds.get(w.requestId)!;
    const ofType = (...types: ContentType[]) => works.filter((w) => types.includes(w.work.type));

    // videos get a ready upload with a duration (completion rates need it) and no file: nothing plays them
    const clips = ofType('video', 'smallVideo').map((w) => {
      const clientKey = md5Hex(`sim-video-${idOfWork(w)}`);
      const duration = w.work.duration!;
      const size = Math.round(duration * 250_000);
      const shardSize = shardSizeFor(size);
      const portrait = w.work.type === 'smallVideo';
      return {
        video: { contentId: idOfWork(w), use: w.work.type as 'video' | 'smallVideo', uploadKey: clientKey },
        upload: {
          key: scopedUploadKey(idOf(w.author), clientKey),
          userId: idOf(w.author),
          use: w.work.type as 'video' | 'smallVideo',
          name: 'simulated-no-file.mp4',
          suffix: 'mp4',
          size,
          shardSize,
          shardTotal: shardCountFor(size, shardSize),
          state: 'ready' as const,
          storage: config.storageDriver,
          // no cover and no file key: the video pages show no player for it
          cover: null,
          fileKey: null,
          duration,
          width: portrait ? 1080 : 1920,
          height: portrait ? 1920 : 1080,
          createdAt: new Date(w.work.publishedAt.getTime() - HOUR_MS),
          updatedAt: new Date(w.work.publishedAt.getTime() - HOUR_MS),
        },
      };
    });
    for (const part of chunks(clips)) {
      await tx.insert(uploads).values(part.map((c) => c.upload));
      await tx
        .insert(videos)
        .values(part.map((c) => ({ ...c.video, description: '模拟作者的视频（演示数据），没有视频文件。' })));
    }
    for (const part of chunks(ofType('album')))
      await tx.insert(albums).values(part.map((w) => ({ contentId: idOfWork(w), images: [] })));
    for (const part of chunks(ofType('dynamic')))
      await tx.insert(dynamics).values(part.map((w) => ({ contentId: idOfWork(w), images: [] })));
    const now = opts.now.getTime();
    for (const part of chunks(ofType('live')))
      await tx.insert(lives).values(
        part.map((w) => {
          // the show began when it was published and is over (no reminder, no stream to push)
          const start = w.work.publishedAt;
          return {
            contentId: idOfWork(w),
            startAt: start,
            description: '模拟作者的直播（演示数据）。',
            state: 'ended' as const,
            streamKey: randomBytes(18).toString('base64url'),
            startedAt: start,
            endedAt: new Date(Math.min(now, start.getTime() + 90 * 60_000)),
            remindedAt: start,
          };
        }),
      );
    for (const part of chunks(ofType('program')))
      await tx.insert(programs).values(
        part.map((w) => ({
          contentId: idOfWork(w),
          description: '模拟作者的节目（演示数据）。',
          episodeIds: [],
        })),
      );
    return { ids, works: works.length };
  });
}
