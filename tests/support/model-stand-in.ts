import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A language model's HTTP API on 127.0.0.1, for the model judges' tests: OpenAI's
// POST /v1/chat/completions and Anthropic's POST /v1/messages, answering each request's last user
// message with what the test's `reply` says (a JSON object as the structured reply, or an HTTP
// status), and reporting the tokens the test chooses. The real SDKs talk to it as to the
// provider; it counts the requests and keeps their bodies.

export type StandInReply = { json: unknown } | { status: number };

export interface StandInOptions {
  /** The reply to one request, from its last user message (the judge's payload). */
  reply: (user: string) => StandInReply;
  /** The tokens each reply reports (default: 4 characters a token in, 50 out). */
  usage?: (user: string) => { input: number; output: number };
}

export interface ModelStandIn {
  baseUrl: string;
  /** Requests seen, per path. */
  requests: Record<string, number>;
  /** The user messages received, in order. */
  bodies: string[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function lastUser(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

function openAiReply(json: unknown, usage: { input: number; output: number }, model: unknown) {
  return {
    id: 'chatcmpl-stand-in',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: JSON.stringify(json), refusal: null },
        finish_reason: 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.input,
      completion_tokens: usage.output,
      total_tokens: usage.input + usage.output,
    },
  };
}

function anthropicReply(
  json: unknown,
  usage: { input: number; output: number },
  body: Record<string, unknown>,
) {
  const tool = ((body.tool_choice ?? {}) as { name?: string }).name ?? 'tool';
  return {
    id: 'msg_stand_in',
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: [{ type: 'tool_use', id: 'toolu_stand_in', name: tool, input: json }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
}

export async function startModelStandIn(options: StandInOptions): Promise<ModelStandIn> {
  const requests: Record<string, number> = {};
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests[path] = (requests[path] ?? 0) + 1;
      const body = await bodyOf(req);
      const user = lastUser(body);
      bodies.push(user);
      const reply = options.reply(user);
      res.setHeader('content-type', 'application/json');
      if ('status' in reply) {
        res.statusCode = reply.status;
        res.end(JSON.stringify({ error: { message: `stand-in status ${reply.status}`, type: 'stand_in' } }));
        return;
      }
      const usage = options.usage?.(user) ?? { input: Math.ceil(user.length / 4), output: 50 };
      const out = path.endsWith('/messages')
        ? anthropicReply(reply.json, usage, body)
        : openAiReply(reply.json, usage, body.model);
      res.end(JSON.stringify(out));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
