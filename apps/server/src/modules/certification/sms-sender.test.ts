import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSender, smsText } from './sms-sender.js';

// Issue #11: the SMS sender is pluggable — the development logger (masked phone, code shown) or a webhook.
function recordingLog() {
  const lines: unknown[][] = [];
  const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A local gateway answering `status`, recording what it received. */
async function gateway(status: number) {
  const received: { body: unknown; type: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      received.push({ body: JSON.parse(text) as unknown, type: req.headers['content-type'] });
      res.statusCode = status;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => server.close();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received };
}

describe('SMS senders', () => {
  it('log: writes the code with the phone masked and lets the answer show it', async () => {
    const { log, lines } = recordingLog();
    const sender = createSmsSender({ sms: { sender: 'log', webhookUrl: undefined } }, log);
    await sender.send('13812345678', '123456');
    expect(sender.showsCode).toBe(true);
    expect(JSON.stringify(lines)).toContain('138****5678');
    expect(JSON.stringify(lines)).not.toContain('13812345678');
    expect(JSON.stringify(lines)).toContain('123456');
  });

  it('webhook: posts { phone, text } as JSON, never shows the code, and fails on a refusal', async () => {
    const ok = await gateway(200);
    const { log, lines } = recordingLog();
    const sender = createSmsSender({ sms: { sender: 'webhook', webhookUrl: ok.url } }, log);
    expect(sender.showsCode).toBe(false);
    await sender.send('13812345678', '654321');
    expect(ok.received).toEqual([
      { body: { phone: '13812345678', text: smsText('654321') }, type: 'application/json' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('654321');
    expect(JSON.stringify(lines)).not.toContain('13812345678');
    close?.();
    const refusing = await gateway(500);
    const failing = createSmsSender({ sms: { sender: 'webhook', webhookUrl: refusing.url } }, log);
    await expect(failing.send('13812345678', '1')).rejects.toThrow(/answered 500/);
  });
});
