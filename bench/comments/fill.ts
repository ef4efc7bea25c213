/**
 * The comments bench's fill (bench/comments/run.ts): `total` comments written with bulk SQL straight into the
 * `comments` table (columns of apps/server/src/modules/comment/comment.schema.ts), in arrival order, on 2,000
 * published works of 200 authors, one of whom (the "big" author) holds `bigShare` of them. Only the bench's
 * own fresh database is ever filled.
 *
 * The mix (per work): 65 % top-level comments, 35 % replies in the work's threads (a reply answers the thread's
 * top-level comment, or 30 % of the time the reply before it; some threads draw many replies); 4 % of the
 * replies are the author's own (`author:<id>`, published, read). Readers' comments: 86 % published, 4 % held
 * (reasons mixed: review word, author's word, hold-all, platform word, blocked reader), 3 % hidden, 7 % deleted.
 * Times: uniform from the work's publication (at most 180 days back) to now; replies after their thread.
 * `is_read`: 97 % of what is older than 14 days, 40 % of the last 14 days. Likes: mostly 0, a long tail to
 * ~800; 2 % liked by the author. `reply_count`: the thread's replies that are not deleted. 1.5 % of the texts
 * hold the keyword `续航` (the keyword case). Works' comment counts follow a Zipf law (the big author's busiest
 * work holds ≈ 22 % of his comments). Ids increase with `created_at`, as arrivals make them.
 *
 * Rows are generated with `generate_series` into unlogged staging tables, then inserted into `comments` in id
 * order in one statement with foreign-key triggers off (`session_replication_role = replica`; the rows are
 * consistent by construction), then `VACUUM ANALYZE` (what autovacuum would have done by then).
 */
import type { Driver } from './harness.js';

export interface FillOptions {
  total: number;
  authors: number;
  works: number;
  /** share of the comments on the big author's works */
  bigShare: number;
  /** how many of the works are the big author's */
  bigWorks: number;
  seed: number;
  /** the password hash every bench author gets (the big author signs in with it) */
  passwordHash: string;
  now: Date;
}

export interface FillResult {
  bigAuthorId: number;
  bigAccount: string;
  /** the big author's works, busiest first: content id, type, comments */
  bigWorks: { contentId: number; type: string; comments: number }[];
  seconds: { plan: number; stage: number; insert: number; vacuum: number };
  tableBytes: number;
  indexBytes: number;
}

export const KEYWORD = '续航';
const BIG_ACCOUNT = 'bench_author_0000';

/** mulberry32: a small seeded PRNG, so a fill is the same every run. */
function rngOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `total` split over `n` buckets with weights 1/rank^s (ranks shuffled by `rng`). */
function zipfSplit(total: number, n: number, s: number, rng: () => number, shuffle: boolean): number[] {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
  if (shuffle)
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [weights[i], weights[j]] = [weights[j]!, weights[i]!];
    }
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % n, rest--) counts[i]! += 1;
  return counts;
}

const TYPES: [string, number][] = [
  ['article', 0.4],
  ['video', 0.2],
  ['smallVideo', 0.15],
  ['dynamic', 0.15],
  ['album', 0.05],
  ['live', 0.03],
  ['program', 0.02],
];

function pickType(rng: () => number): string {
  let u = rng();
  for (const [t, w] of TYPES) {
    if (u < w) return t;
    u -= w;
  }
  return 'article';
}

// Phrases of car comments; none holds the keyword.
const PHRASES = [
  '写得很详细',
  '这车外观真好看',
  '内饰做工一般',
  '价格有点贵',
  '动力够用吗',
  '油耗多少',
  '空间比想象的大',
  '后排坐着舒服',
  '底盘调校不错',
  '隔音有待提高',
  '车机反应快',
  '辅助驾驶好用吗',
  '保养贵不贵',
  '落地多少钱',
  '等等党永远不亏',
  '去店里试驾过了',
  '颜值担当',
  '配置很良心',
  '刹车脚感偏软',
  '转向很精准',
  '作者辛苦了',
  '期待下一期',
  '讲得太好了',
  '有没有对比视频',
  '冬天表现怎么样',
  '充电速度快吗',
  '二手保值率如何',
  '座椅包裹性好',
  '悬挂偏硬',
  '灯光很有辨识度',
];

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Runs the fill on `db` (a connection of its own on PostgreSQL: `setseed` and the session role stick to it). */
export async function fill(db: Driver, o: FillOptions): Promise<FillResult> {
  const t0 = performance.now();
  const rng = rngOf(o.seed);
  const now = o.now.toISOString();
  await db.query(`select setseed(${(o.seed % 1000) / 1000})`);
  await db.query(`set session_replication_role = replica`);

  // ---- authors and works (planned here, inserted with unnest) ----
  const accounts = Array.from({ length: o.authors }, (_, i) => `bench_author_${String(i).padStart(4, '0')}`);
  if (accounts[0] !== BIG_ACCOUNT) throw new Error('the big author is bench_author_0000');
  const users = await db.query<{ id: number; account: string }>(
    `insert into users (account, password_hash, media_name, auth_status, grade)
     select a, $2, '作者 ' || right(a, 4), 2, 3 from unnest($1::text[]) a returning id, account`,
    [accounts, o.passwordHash],
  );
  const idOf = new Map(users.rows.map((u) => [u.account, u.id]));
  const authorIds = accounts.map((a) => idOf.get(a)!);
  const bigAuthorId = authorIds[0]!;
  const bigTotal = Math.round(o.total * o.bigShare);
  const otherWorks = o.works - o.bigWorks;
  const bigCounts = zipfSplit(bigTotal, o.bigWorks, 1, rng, false);
  const otherCounts = zipfSplit(o.total - bigTotal, otherWorks, 0.9, rng, true);
  const plan = [
    ...bigCounts.map((n) => ({ author: bigAuthorId, n })),
    ...otherCounts.map((n, i) => ({ author: authorIds[1 + (i % (o.authors - 1))]!, n })),
  ].map((w, i) => ({
    ...w,
    title: `评论压测作品 ${i + 1}`,
    type: pickType(rng),
    // published over the last 400 days
    publishedAt: new Date(o.now.getTime() - (1 + rng() * 399) * 86_400_000).toISOString(),
  }));
  const works = await db.query<{ id: number; title: string }>(
    `insert into contents (user_id, type, title, status, published_at, created_at, updated_at)
     select u, t, ti, 'published', p, p, p
       from unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[]) as x(u, t, ti, p)
     returning id, title`,
    [
      plan.map((w) => w.author),
      plan.map((w) => w.type),
      plan.map((w) => w.title),
      plan.map((w) => w.publishedAt),
    ],
  );
  const workId = new Map(works.rows.map((w) => [w.title, w.id]));
  let rootBase = 0;
  const rows = plan.map((w) => {
    const roots = w.n === 0 ? 0 : Math.max(1, Math.round(w.n * 0.65));
    const row = { ...w, contentId: workId.get(w.title)!, roots, replies: w.n - roots, rootBase };
    rootBase += roots;
    return row;
  });
  let replyBase = rootBase;
  const staged = rows.map((w) => {
    const row = { ...w, replyBase };
    replyBase += w.replies;
    return row;
  });
  await db.query(`drop table if exists bench_works, bench_stage, bench_map`);
  await db.query(
    `create unlogged table bench_works as
     select * from unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::int[], $8::int[])
       as x(content_id, author_id, content_type, published_at, roots, replies, root_base, reply_base)`,
    [
      staged.map((w) => w.contentId),
      staged.map((w) => w.author),
      staged.map((w) => w.type),
      staged.map((w) => w.publishedAt),
      staged.map((w) => w.roots),
      staged.map((w) => w.replies),
      staged.map((w) => w.rootBase),
      staged.map((w) => w.replyBase),
    ],
  );
  const tPlan = performance.now();

  // ---- staging: every comment's columns, with a staging id (roots first, then replies) ----
  const phrases = `array[${PHRASES.map(q).join(',')}]`;
  const text = `(${phrases})[1 + floor(random() * ${PHRASES.length})::int] || '，' || (${phrases})[1 + floor(random() * ${PHRASES.length})::int]
    || case when random() < 0.015 then '，${KEYWORD}怎么样？' else '' end`;
  // a reader's comment: state and hold reason from one draw each
  const readerState = `case when s.u < 0.86 then 'published' when s.u < 0.90 then 'held' when s.u < 0.93 then 'hidden' else 'deleted' end`;
  await db.query(
    `create unlogged table bench_stage (
       sid int not null, root_sid int, content_id int not null, author_id int not null, content_type text not null,
       created_at timestamptz not null, is_author boolean not null, u float8 not null, pick_prev boolean not null,
       reader int not null, hold int not null, liked boolean not null)`,
  );
  // the reader (a few write a lot), the hold reason's kind, the author's like
  const draws = `floor(60000 * power(random(), 2.5))::int, floor(random() * 6)::int, random() < 0.02`;
  const windowStart = `greatest(w.published_at, timestamptz ${q(now)} - interval '180 days')`;
  await db.query(
    `insert into bench_stage
     select w.root_base + g, null, w.content_id, w.author_id, w.content_type,
            ${windowStart} + random() * (timestamptz ${q(now)} - ${windowStart}), false, random(), false, ${draws}
       from bench_works w cross join lateral generate_series(0, w.roots - 1) g`,
  );
  await db.query(`create index on bench_stage (sid)`);
  await db.query(
    `insert into bench_stage
     select x.reply_base + x.g, r.sid, r.content_id, r.author_id, r.content_type,
            r.created_at + (timestamptz ${q(now)} - r.created_at) * power(random(), 3),
            random() < 0.04, random(), random() < 0.3, ${draws}
       from (select w.*, g, w.root_base + floor(w.roots * power(random(), 2))::int as rsid
               from bench_works w cross join lateral generate_series(0, w.replies - 1) g
             offset 0) x
       join bench_stage r on r.sid = x.rsid`,
  );
  // arrival order: ids increase with created_at; a reply answers the reply before it when pick_prev says so
  await db.query(
    `create unlogged table bench_map as
     select sid, (row_number() over (order by created_at, sid))::int as new_id,
            case when pick_prev then lag(sid) over (partition by root_sid order by created_at, sid) end as prev_sid
       from bench_stage`,
  );
  await db.query(`create index on bench_map (sid)`);
  const tStage = performance.now();

  // ---- the comments ----
  const base = (await db.query<{ m: number }>(`select coalesce(max(id), 0)::int as m from comments`)).rows[0]!
    .m;
  await db.query(
    `insert into comments (id, site, external_id, content_id, author_id, content_type, root_id, parent_id,
       reader_id, reader_name, is_author, text, state, hold_code, hold_reason, likes, author_liked, reply_count,
       pinned, is_read, created_at, received_at)
     select ${base} + m.new_id,
            case when s.is_author then null else 'reader' end,
            case when s.is_author then null else 'bench-' || m.new_id end,
            s.content_id, s.author_id, s.content_type,
            ${base} + rm.new_id, ${base} + coalesce(pm.new_id, rm.new_id),
            case when s.is_author then 'author:' || s.author_id else 'rd' || s.reader end,
            case when s.is_author then '作者 ' || s.author_id else '读者' || s.reader end,
            s.is_author, ${text},
            st.state,
            case when st.state = 'held' then h.code end,
            case when st.state = 'held' then h.reason end,
            floor(power(random(), 8) * 800)::int + case when lk.liked then 1 else 0 end,
            lk.liked,
            coalesce(rc.n, 0),
            false,
            s.is_author or random() < case when s.created_at < timestamptz ${q(now)} - interval '14 days' then 0.97 else 0.4 end,
            s.created_at, s.created_at + interval '2 seconds'
       from bench_stage s
       join bench_map m on m.sid = s.sid
       left join bench_map rm on rm.sid = s.root_sid
       left join bench_map pm on pm.sid = m.prev_sid
       left join (select root_sid, count(*)::int as n from bench_stage
                   where root_sid is not null and u < case when is_author then 0.95 else 0.93 end
                   group by root_sid) rc on rc.root_sid = s.sid
       cross join lateral (select case when s.is_author then case when s.u < 0.95 then 'published' else 'deleted' end
                                  else ${readerState} end as state) st
       cross join lateral (select s.liked and not s.is_author and st.state <> 'deleted' as liked) lk
       cross join lateral (select (array['reviewWord','reviewWord','authorWord','holdAll','platformWord','reader'])[1 + s.hold] as code) hc
       cross join lateral (select hc.code,
           case hc.code
             when 'reviewWord' then '{"code":"REVIEW_HELD_WORD","params":{"word":"刷单","rule":{"code":"WORD_RULE_FAKE_ENGAGEMENT"}}}'::jsonb
             when 'authorWord' then '{"code":"COMMENT_HOLD_AUTHOR_WORD","params":{"word":"二手"}}'::jsonb
             when 'holdAll' then '{"code":"COMMENT_HOLD_ALL"}'::jsonb
             when 'platformWord' then '{"code":"REVIEW_SENSITIVE_WORD","params":{"word":"加微信","rule":{"code":"WORD_RULE_OFF_PLATFORM_ADVERTISING"}}}'::jsonb
             else '{"code":"COMMENT_HOLD_READER"}'::jsonb end as reason) h
      order by m.new_id`,
  );
  await db.query(`select setval(pg_get_serial_sequence('comments', 'id'), (select max(id) from comments))`);
  // a few readers the big author blocked (the inbox's readerBlocked flag)
  await db.query(
    `insert into blocked_readers (author_id, reader_id, reader_name)
     select $1, 'rd' || g, '读者' || g from generate_series(100, 3000, 100) g`,
    [bigAuthorId],
  );
  await db.query(`drop table bench_works, bench_stage, bench_map`);
  await db.query(`set session_replication_role = origin`);
  const tInsert = performance.now();
  await db.query(`vacuum analyze comments`);
  await db.query(`vacuum analyze contents`);
  await db.query(`vacuum analyze users`);
  await db.query(`vacuum analyze blocked_readers`);
  const tVacuum = performance.now();

  return {
    ...(await describeFill(db, accounts[0]!)),
    seconds: {
      plan: (tPlan - t0) / 1000,
      stage: (tStage - tPlan) / 1000,
      insert: (tInsert - tStage) / 1000,
      vacuum: (tVacuum - tInsert) / 1000,
    },
  };
}

/** What the bench needs of a filled database (a fresh fill, or one kept from an earlier run: `--reuse`). */
export async function describeFill(
  db: Driver,
  bigAccount = BIG_ACCOUNT,
): Promise<Omit<FillResult, 'seconds'>> {
  const big = await db.query<{ id: number }>(`select id from users where account = $1`, [bigAccount]);
  if (!big.rows[0]) throw new Error(`no ${bigAccount} in this database: not a comments bench fill`);
  const bigAuthorId = big.rows[0].id;
  const bigWorks = await db.query<{ contentId: number; type: string; comments: number }>(
    `select c.content_id as "contentId", c.content_type as type, count(*)::int as comments
       from comments c where c.author_id = $1 group by 1, 2 order by 3 desc`,
    [bigAuthorId],
  );
  const size = await db.query<{ t: string; i: string }>(
    `select pg_table_size('comments')::text as t, pg_indexes_size('comments')::text as i`,
  );
  return {
    bigAuthorId,
    bigAccount,
    bigWorks: bigWorks.rows,
    tableBytes: Number(size.rows[0]!.t),
    indexBytes: Number(size.rows[0]!.i),
  };
}
