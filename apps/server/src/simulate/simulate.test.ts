import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authorDaily,
  certificationApplications,
  dataReports,
  influenceDaily,
  readerEvents,
  users,
} from '../db/schema/index.js';
import { readAuthorField } from '../read-models/author-fields.js';
import { createUser } from '../test/factories.js';
import { useTestApp } from '../test/support.js';
import { readPublishedWorks, SIM_ACCOUNT_PREFIX, simAccount } from './population.js';
import { simulate, type SimulateOptions } from './run.js';

// The simulator end to end (issue #12): a small run through the real POST /open/events of a test app, then the
// same run again (the same seed: only duplicates, and no second population).
const t = useTestApp();
const NOW = new Date('2026-06-10T06:00:00Z');
// June 1 … 10, 2026 (a Wednesday): nine closed days and one complete week, due on Monday June 8
const OPTIONS: SimulateOptions = { days: 10, events: 3000, authors: 5, seed: 3, now: NOW };

describe('simulate', () => {
  it('makes a population once and sends its traffic; a re-run with the same seed is all duplicates', async () => {
    const first = await simulate(t.handle, t.config, OPTIONS);
    expect(first.createdAuthors).toBe(5);
    expect(first.createdWorks).toBe(first.works);
    expect(first.sent).toBeGreaterThan(3000 * 0.95);
    expect(first.sent).toBeLessThanOrEqual(3000 * 1.01);
    expect(first.accepted).toBe(first.sent);
    expect(first.duplicates).toBe(0);

    // every accepted event is stored, and the rollups hold the views the stream sent
    const [stored] = await t.db.select({ n: sql<string>`count(*)` }).from(readerEvents);
    expect(Number(stored!.n)).toBe(first.accepted);
    const [views] = await t.db
      .select({ n: sql<string>`coalesce(sum(${authorDaily.views}), 0)` })
      .from(authorDaily);
    const [viewEvents] = await t.db
      .select({ n: sql<string>`count(*)` })
      .from(readerEvents)
      .where(eq(readerEvents.type, 'view'));
    expect(Number(views!.n)).toBe(Number(viewEvents!.n));
    // the population's state events were all effective (the model follows the state rules)
    const [ineffective] = await t.db
      .select({ n: sql<string>`count(*)` })
      .from(readerEvents)
      .where(eq(readerEvents.effective, false));
    expect(Number(ineffective!.n)).toBe(0);

    // what the daily and weekly jobs would have made: the closed days' influence index, the week's reports
    expect(first.influenceDays).toBe(9);
    const indexed = await t.db
      .selectDistinct({ day: influenceDaily.day })
      .from(influenceDaily)
      .orderBy(influenceDaily.day);
    expect(indexed.map((r) => r.day)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((d) => `2026-06-${d}`),
    );
    const reports = await t.db.select({ week: dataReports.weekStart }).from(dataReports);
    expect(reports.length).toBe(first.reports);
    expect(reports.length).toBeGreaterThan(0);
    expect(new Set(reports.map((r) => r.week))).toEqual(new Set(['2026-06-01']));

    const again = await simulate(t.handle, t.config, OPTIONS);
    expect(again.createdAuthors).toBe(0);
    expect(again.createdWorks).toBe(0);
    expect(again.works).toBe(first.works);
    expect(again.sent).toBe(first.sent);
    expect(again.accepted).toBe(0);
    expect(again.duplicates).toBe(first.sent);
    expect(again.reports).toBe(0);
  });

  it('gives simulated authors a field, works with durations, and no way to sign in', async () => {
    const authors = await t.db
      .select({ id: users.id, account: users.account, authStatus: users.authStatus })
      .from(users)
      .where(like(users.account, `${SIM_ACCOUNT_PREFIX}%`));
    expect(authors.map((a) => a.account).sort()).toEqual([1, 2, 3, 4, 5].map(simAccount));
    for (const a of authors) {
      expect(a.authStatus).toBe(2);
      expect(await readAuthorField(t.db, a.id)).not.toBeNull();
    }
    const [approved] = await t.db
      .select({ n: sql<string>`count(*)` })
      .from(certificationApplications)
      .where(and(eq(certificationApplications.status, 2), eq(certificationApplications.kind, 'person')));
    expect(Number(approved!.n)).toBe(5);
    const works = await readPublishedWorks(
      t.db,
      authors.map((a) => a.id),
    );
    for (const w of works) {
      if (w.type === 'video' || w.type === 'smallVideo') expect(w.durationMs).toBeGreaterThan(0);
      else expect(w.durationMs).toBeNull();
      expect(w.publishedAt).toBeLessThanOrEqual(NOW.getTime());
    }
    const login = await t.post('/api/passport/login', { account: simAccount(1), password: 'password-123' });
    expect(login.status).not.toBe(1);
    expect(login.status).not.toBe(10500);
  });

  it('refuses options out of range before touching the database', async () => {
    await expect(simulate(t.handle, t.config, { ...OPTIONS, batch: 1001 })).rejects.toThrow(/batch/);
    await expect(simulate(t.handle, t.config, { ...OPTIONS, days: 0 })).rejects.toThrow(/days/);
  });

  it('never takes a real account named like a simulated author for one (the last test: it stays)', async () => {
    await createUser(t.db, t.config, { account: 'Sim-Author-0006' });
    await expect(simulate(t.handle, t.config, { ...OPTIONS, authors: 6 })).rejects.toThrow(
      /Sim-Author-0006 is not a simulated author/,
    );
  });
});
