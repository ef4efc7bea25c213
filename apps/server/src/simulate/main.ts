import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDb } from '../db/client.js';
import { simulate, SimulationError } from './run.js';
import { BARRAGE_PER_1000_PLAYS, COMMENTS_PER_1000_VIEWS } from './voices.js';

/*
 * `npm run simulate -- [options]` (issue #12; docs/operations.md "Simulator"): realistic reader traffic through
 * `POST /open/events` into the configured database (DATABASE_URL → PostgreSQL, else the PGlite data directory
 * under DATA_DIR, which the server must not have open: stop it first).
 */

const USAGE = `usage: npm run simulate -- [--days 90] [--events 1000000] [--authors 200] [--seed 1] [--batch 1000]
                             [--include-demo | --no-include-demo]
                             [--comments-per-1000-views N] [--barrage-per-1000-plays N]
  --days N             simulated days ending today (today up to now)               default 90
  --events N           reader events in total                                      default 1000000
  --authors N          simulated authors sim-author-0001… (made once, reused)      default 200
  --seed N             the same seed sends the same events (a re-run: duplicates)  default 1
  --batch N            events per POST /open/events, 1…1000                        default 1000
  --[no-]include-demo  the demo author's works get traffic too                     default: when the demo exists
  --comments-per-1000-views N  readers' comments per 1000 views (× popularity)     default ${COMMENTS_PER_1000_VIEWS}
  --barrage-per-1000-plays N   bursts of barrage per 1000 plays (× popularity)     default ${BARRAGE_PER_1000_PLAYS}
  Comments and barrage go through POST /open/comments and /open/barrage after each day's events.`;

/** Reads a non-negative integer option. @throws Error naming the option */
function integer(name: string, text: string): number {
  if (!/^\d+$/.test(text))
    throw new Error(`--${name} must be a non-negative integer (got ${text})\n${USAGE}`);
  return Number(text);
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      days: { type: 'string', default: '90' },
      events: { type: 'string', default: '1000000' },
      authors: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      batch: { type: 'string', default: '1000' },
      'include-demo': { type: 'boolean' },
      'comments-per-1000-views': { type: 'string', default: String(COMMENTS_PER_1000_VIEWS) },
      'barrage-per-1000-plays': { type: 'string', default: String(BARRAGE_PER_1000_PLAYS) },
      help: { type: 'boolean', short: 'h' },
    },
    allowNegative: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const options = {
    days: integer('days', values.days),
    events: integer('events', values.events),
    authors: integer('authors', values.authors),
    seed: integer('seed', values.seed),
    batch: integer('batch', values.batch),
    includeDemo: values['include-demo'],
    commentsPer1000Views: integer('comments-per-1000-views', values['comments-per-1000-views']),
    barragePer1000Plays: integer('barrage-per-1000-plays', values['barrage-per-1000-plays']),
  };
  const config = loadConfig(process.env);
  // simulated authors and readers have no place among real ones
  if (config.env === 'production') throw new Error('refusing to simulate traffic with NODE_ENV=production');
  const handle = await openDb(config);
  try {
    await handle.migrate();
    console.log(
      `simulating ${options.days} days, ${options.events} events, ${options.authors} authors, seed ${options.seed} ` +
        `into ${handle.driver === 'postgres' ? 'PostgreSQL' : config.pgliteDir}`,
    );
    await simulate(handle, config, options, (line) => console.log(line));
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof SimulationError)
    for (const r of error.rejected.slice(0, 20))
      console.error(`  #${r.index}: ${r.message}`, JSON.stringify(r.event));
  process.exit(1);
});
