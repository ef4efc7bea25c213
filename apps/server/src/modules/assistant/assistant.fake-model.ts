import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * TEST SUPPORT (not loaded by the app): a local OpenAI-compatible endpoint on port 0 for the content assistant's model
 * tests (issue #14 "tested against a local fake server"). It records every request (method, path, headers, JSON body)
 * and answers with what the test set in `reply` — by default a chat completion whose content is `content`.
 */
export interface FakeModelServer {
  /** `http://127.0.0.1:<port>/v1`: the base URL to configure as `ASSISTANT_API_URL` */
  url: string;
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[];
  /** answers the next requests; default: 200 with a chat completion of `content` */
  reply: (req: IncomingMessage, res: ServerResponse, body: unknown) => void | Promise<void>;
  close(): Promise<void>;
}

/** A chat completion (OpenAI's `POST /v1/chat/completions` answer) whose first choice says `content`. */
export function chatCompletion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_790_000_000,
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

/** Sends `status` with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake endpoint on 127.0.0.1, port 0. */
export async function startFakeModel(content = '{"titles":[]}'): Promise<FakeModelServer> {
  const fake: FakeModelServer = {
    url: '',
    requests: [],
    reply: (_req, res) => sendJson(res, 200, chatCompletion(content)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      fake.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      void Promise.resolve(fake.reply(req, res, body)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/v1`;
  const close = fake.close;
  fake.close = () => {
    server.closeAllConnections();
    return close();
  };
  return fake;
}
