import type { Db } from '../db/client.js';
import { sendLiveReminders } from '../modules/live/live.service.js';

/** The live reminder runs every minute (cron, UTC). */
export const LIVE_REMINDER_CRON = '* * * * *';

/**
 * One run of the `live-reminder` job (issue #10 "a reminder message before the start"): every upcoming live show
 * starting within the next 15 minutes that was not reminded yet gets its `live_reminder` message, once, even with
 * several servers (`sendLiveReminders` in modules/live/live.service.ts).
 * @param now the clock (tests pass one)
 * @returns how many reminders were sent
 */
export async function runLiveReminders(db: Db, now = new Date()): Promise<number> {
  return sendLiveReminders(db, now);
}
