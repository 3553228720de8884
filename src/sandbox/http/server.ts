import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { API_KEY_PATTERN, slotsOf } from '../core/accounts';
import type { FaultKind, SandboxRequestLogEntry } from '../types';
import type { SandboxCore } from '../core/sandbox-core';
import { bump } from '../core/stats';
import { sleep } from '../core/latency';
import { errorEnvelope, HttpError, ValidationFailure, validationEnvelope } from './envelope';
import type { Call, Reply } from './call';
import { resolveRequestId } from './request-id';
import { buildRoutes, matchRoute, type Route } from './routes';

// The request pipeline: request id → route → API key → rate limit → fault → handler →
// answer with the headers of the spec's table. Errors thrown anywhere become the standard
// envelope (or the validation shape); a held concurrency slot is freed after answering.

const ALL_FAULTS: readonly FaultKind[] = ['500', '502', '429', 'drop', 'slow', 'malformed'];
/** The chat endpoints (the sandbox as a model) also refuse and answer text that is not JSON. */
const CHAT_FAULTS: readonly FaultKind[] = [...ALL_FAULTS, 'refusal', 'invalid-json'];
const CHAT_TEMPLATES = new Set(['/v1/chat/completions', '/v1/messages']);

export function createHandler(
  core: SandboxCore,
  onRequest?: (entry: SandboxRequestLogEntry) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  // The routes are the server's, built around the core for the profile it serves: the core
  // knows nothing of HTTP, and the route handlers read and change the core.
  const routes = buildRoutes(core.profile);
  return (req, res) => {
    void handle(core, routes, req, res, onRequest).catch((err: unknown) => {
      // a bug, not a modelled failure: answer 500 if still possible
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(errorEnvelope('INTERNAL_SERVER_ERROR', String(err), core.clock())));
      }
    });
  };
}

async function handle(
  core: SandboxCore,
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
  onRequest?: (entry: SandboxRequestLogEntry) => void,
): Promise<void> {
  const aborter = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) aborter.abort();
  });
  const url = new URL(req.url ?? '/', 'http://sandbox.local');
  const method = (req.method ?? 'GET').toUpperCase();
  const matched = matchRoute(routes, url.pathname);
  const call: Call = {
    req,
    res,
    method,
    path: url.pathname,
    url,
    template: matched?.route.template ?? '(unknown)',
    params: matched?.params ?? {},
    requestId: resolveRequestId(req.headers['x-request-id']),
    startedAt: performance.now(),
    account: null,
    monitor: matched?.route.monitor ?? false,
    slotHeld: false,
    creditsCharged: 0,
    fault: null,
    signal: aborter.signal,
  };
  bump(core.stats.requests, `${method} ${call.template}`);
  let reply: Reply;
  try {
    reply = await route(core, call, matched);
  } catch (err) {
    reply = errorReply(core, err);
  }
  try {
    await write(core, call, reply);
  } finally {
    if (call.slotHeld && call.account) core.slots.release(call.account);
  }
  onRequest?.(logEntry(core, call, reply));
}

function logEntry(core: SandboxCore, call: Call, reply: Reply): SandboxRequestLogEntry {
  let status: SandboxRequestLogEntry['status'];
  if (reply.kind === 'drop' || reply.kind === 'canceled') status = reply.kind;
  else if (!call.res.headersSent) status = 'canceled';
  else status = reply.kind === 'html' ? 200 : reply.status;
  // A monitor call runs once it has a slot: it then ends in 200, a 5xx, a drop or a cancel;
  // 4xx answers (429 included) are refusals before anything ran.
  const ran = call.monitor && (status === 200 || status === 'drop' || status === 'canceled' || status >= 500);
  return {
    at: core.clock(),
    method: call.method,
    template: call.template,
    requestId: call.requestId,
    status,
    ran,
    creditsCharged: call.creditsCharged,
    fault: call.fault?.kind ?? null,
  };
}

async function route(core: SandboxCore, call: Call, matched: ReturnType<typeof matchRoute>): Promise<Reply> {
  if (matched?.route.open) {
    const handler = matched.route.methods[call.method];
    if (!handler)
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${call.method} is not allowed on this path`);
    const reply = await handler(call, core);
    if (!reply)
      throw new HttpError(404, 'RESOURCE_NOT_FOUND', 'File not found or expired', { id: call.path });
    return reply;
  }
  call.account = authenticate(core, call);
  if (!core.accounts.takeToken(call.account)) {
    core.stats.rateLimitRejections += 1;
    throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests in the current one-second window');
  }
  if (!matched) throw new HttpError(404, 'RESOURCE_NOT_FOUND', 'Route not found', { id: call.path });
  const handler = matched.route.methods[call.method];
  if (!handler) {
    throw new HttpError(
      405,
      'METHOD_NOT_ALLOWED',
      `${call.method} is not allowed on ${matched.route.template}`,
      {
        allowed: Object.keys(matched.route.methods),
      },
    );
  }
  const allowed = CHAT_TEMPLATES.has(matched.route.template) ? CHAT_FAULTS : ALL_FAULTS;
  call.fault = core.faults.take(call.method, call.path, matched.route.template, allowed);
  if (call.fault) bump(core.stats.faultsInjected, call.fault.kind);
  const fault = call.fault?.kind;
  if (fault === '429')
    throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests in the current one-second window');
  if (fault === '499') {
    return {
      kind: 'json',
      status: 499,
      body: errorEnvelope('REQUEST_CANCELED', 'Request was canceled by client', core.clock()),
    };
  }
  if (!call.monitor) {
    // Engine routes apply the remaining faults around their run; others get them here.
    if (fault === '500') throw new HttpError(500, 'INTERNAL_SERVER_ERROR', 'Maximum retries exceeded');
    if (fault === '502' && call.template !== core.redirectPath) {
      throw new HttpError(502, 'EXTERNAL_SERVICE_ERROR', 'An upstream service failed', {
        service: 'sandbox',
      });
    }
    if (fault === 'drop') {
      for await (const _chunk of call.req) {
        // read the request, then drop the connection without an answer
      }
      return { kind: 'drop' };
    }
    if (fault === 'slow' && call.fault) await sleep(call.fault.slowMs, call.signal).catch(() => undefined);
  }
  const reply = await handler(call, core);
  if (!reply) throw new HttpError(404, 'RESOURCE_NOT_FOUND', 'Route not found', { id: call.path });
  if (reply.kind === 'json' && (fault === 'malformed' || fault === 'empty') && !call.monitor)
    reply.output = fault;
  return reply;
}

function authenticate(core: SandboxCore, call: Call): NonNullable<Call['account']> {
  const anthropicKey = call.req.headers['x-api-key'];
  // Anthropic's SDK sends its key as x-api-key (the sandbox's /v1/messages speaks its protocol).
  const header =
    call.req.headers.authorization ??
    (typeof anthropicKey === 'string' && CHAT_TEMPLATES.has(call.template)
      ? `Bearer ${anthropicKey}`
      : undefined);
  // Only "Bearer <token>" counts; a lower-case "bearer" is no key at all (service facts §2).
  if (header === undefined || !header.startsWith('Bearer ') || header.slice(7).trim() === '') {
    throw new HttpError(401, 'MISSING_API_KEY', 'Send the API key as Authorization: Bearer <key>');
  }
  const token = header.slice(7).trim();
  if (!API_KEY_PATTERN.test(token)) {
    throw new HttpError(
      401,
      'INVALID_API_KEY_FORMAT',
      'The API key is not shaped like a key (sk_ followed by 40 letters and digits)',
    );
  }
  const account = core.accounts.findByKey(token);
  if (!account) throw new HttpError(401, 'INVALID_OR_EXPIRED_API_KEY', 'The API key is unknown or revoked');
  return account;
}

function errorReply(core: SandboxCore, err: unknown): Reply {
  if (err instanceof ValidationFailure)
    return { kind: 'json', status: err.status, body: validationEnvelope(err.issues) };
  if (err instanceof HttpError) {
    return {
      kind: 'json',
      status: err.status,
      body: errorEnvelope(err.code, err.message, core.clock(), err.details),
    };
  }
  return {
    kind: 'json',
    status: 500,
    body: errorEnvelope('INTERNAL_SERVER_ERROR', 'Internal server error', core.clock()),
  };
}

function headersFor(core: SandboxCore, call: Call): Record<string, string> {
  const account = call.account;
  const headers: Record<string, string> = {
    'X-Request-Id': call.requestId,
    'X-RateLimit-Limit': String(account?.rateLimit ?? core.rateLimit),
    'X-RateLimit-Remaining': String(account ? core.accounts.remainingTokens(account) : core.rateLimit),
    'X-Latency-Ms': String(Math.round(performance.now() - call.startedAt)),
  };
  if (call.monitor && account) {
    const limit = slotsOf(account);
    headers['X-Concurrent-Limit'] = String(limit);
    headers['X-Concurrent-Current'] = String(account.slotsUsed);
    headers['X-Concurrent-Remaining'] = String(Math.max(0, limit - account.slotsUsed));
    headers['X-Credits-Remaining'] = String(account.credits);
    headers['X-Credits-Charged'] = String(call.creditsCharged);
  }
  return headers;
}

async function write(core: SandboxCore, call: Call, reply: Reply): Promise<void> {
  const { res } = call;
  if (reply.kind === 'canceled') {
    core.stats.canceled += 1;
    bump(core.stats.responses, '499');
    return;
  }
  if (reply.kind === 'drop') {
    bump(core.stats.responses, 'drop');
    call.req.socket.destroy();
    return;
  }
  if (res.destroyed) {
    core.stats.canceled += 1;
    bump(core.stats.responses, '499');
    return;
  }
  const headers = headersFor(core, call);
  // Free the slot before the answer leaves, so a client that fires its next call the moment
  // it reads this one never finds its own finished call still holding a slot.
  if (call.slotHeld && call.account) {
    call.slotHeld = false;
    core.slots.release(call.account);
  }
  if (reply.kind === 'html') {
    bump(core.stats.responses, '200');
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(reply.body),
    });
    res.end(reply.body);
    return;
  }
  let text = JSON.stringify(reply.body);
  if (reply.output === 'malformed') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  if (reply.output === 'empty') text = '';
  bump(core.stats.responses, String(reply.status));
  res.writeHead(reply.status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...(reply.status === 413 ? { Connection: 'close' } : {}),
  });
  await new Promise<void>((resolve) => res.end(text, resolve));
}
