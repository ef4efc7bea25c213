import { maskPhone } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';

/**
 * The pluggable SMS sender of certification codes (issue #11): `log` (the embedded default, refused in
 * production) writes the code to the log with the phone masked and lets the answer carry it for the dev banner;
 * `webhook` POSTs `{ phone, text }` as JSON to `SMS_WEBHOOK_URL` (the gateway of the operator's SMS provider).
 */
export interface SmsSender {
  /** @throws Error when the gateway refuses or cannot be reached (the caller answers 10500) */
  send(phone: string, code: string): Promise<void>;
  /** whether the code may be shown to the author (only the development logger) */
  readonly showsCode: boolean;
}

/** The verification text, in both languages (an SMS has no Accept-Language). */
export function smsText(code: string): string {
  return `【创作者服务中心】验证码 ${code}，10 分钟内有效。Creator Centre code ${code}, valid for 10 minutes.`;
}

/** The sender the configuration names. */
export function createSmsSender(config: Pick<AppConfig, 'sms'>, log: FastifyBaseLogger): SmsSender {
  if (config.sms.sender === 'webhook') {
    const url = config.sms.webhookUrl!;
    return {
      showsCode: false,
      async send(phone, code) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, text: smsText(code) }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
        log.info({ phone: maskPhone(phone) }, 'certification code sent');
      },
    };
  }
  return {
    showsCode: true,
    async send(phone, code) {
      log.info({ phone: maskPhone(phone), code }, 'certification code (development SMS sender: not sent)');
    },
  };
}
