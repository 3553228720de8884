import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENGINE_NAMES, ENGINES } from '../../src/shared/api/engines';
import { closeServer, forwardedHeaders, readBody, sendAnswer } from './proxy-http';
import { NEUTRAL_PROFILE, type ServiceProfile } from '../../src/shared/profile';

// A stand-in for a deployment that names its engines otherwise (the live service's chatgpt,
// CHATGPT, ?model=chatgpt): a loopback HTTP proxy in front of the sandbox that maps a service
// profile's monitor paths, taskType tokens and countries models to the spec's neutral ones on
// the way in, and the taskType tokens back on the way out. A name the profile does not use
// (the spec's own /v1/monitor/assistant-a, ASSISTANT_A) is unknown here, as it is on the live
// service: its path answers the sandbox's own 404, its taskType the sandbox's 422. Everything
// else (accounts, credits, slots, the request log) stays the sandbox's.

export interface RenamingProxy {
  readonly baseUrl: string;
  /** Requests received, as `METHOD /path` in the profile's names (no query). */
  calls(): string[];
  /** `model` values received on GET /v1/countries. */
  countriesModels(): string[];
  /** taskType tokens received in task bodies (single and batch). */
  taskTypes(): string[];
  close(): Promise<void>;
}

const MONITOR = '/v1/monitor/';
/** A path the sandbox does not serve: what an unknown name is sent to, for the sandbox's own 404. */
const NOWHERE = `${MONITOR}not-served-here/`;

interface Renames {
  /** Profile's monitor path segment → the spec's (chatgpt → assistant-a, google/news → search/news). */
  paths: Map<string, string>;
  /** Profile's taskType → the spec's, and back. */
  taskIn: Map<string, string>;
  taskOut: Map<string, string>;
  /** Profile's countries model → the spec's. */
  models: Map<string, string>;
}

function renamesOf(profile: ServiceProfile): Renames {
  const spec = NEUTRAL_PROFILE;
  const r: Renames = { paths: new Map(), taskIn: new Map(), taskOut: new Map(), models: new Map() };
  r.paths.set(profile.redirectPath, spec.redirectPath);
  for (const name of ENGINE_NAMES) {
    const mine = profile.engines[name];
    r.paths.set(mine.path, spec.engines[name].path);
    r.taskIn.set(mine.taskType, ENGINES[name].taskType);
    r.taskOut.set(ENGINES[name].taskType, mine.taskType);
    const model = spec.engines[name].countriesModel;
    if (mine.countriesModel !== null && model !== null) r.models.set(mine.countriesModel, model);
  }
  return r;
}

/** The upstream path and query of one request, in the spec's names. */
function upstreamUrl(url: URL, renames: Renames, models: string[]): string {
  let path = url.pathname;
  if (path.startsWith(MONITOR)) {
    const segment = path.slice(MONITOR.length);
    const spec = renames.paths.get(segment);
    path = spec === undefined ? `${NOWHERE}${segment}` : `${MONITOR}${spec}`;
  }
  const query = new URLSearchParams(url.search);
  const model = query.get('model');
  if (path === '/v1/countries' && model !== null) {
    models.push(model);
    // aioverview is a model value of the service, not of one engine: passed as it is.
    query.set('model', renames.models.get(model) ?? (model === 'aioverview' ? model : `unknown-${model}`));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Replaces every `taskType` value found in a JSON value through the table (unknown: made unknown). */
function renameTaskTypes(value: unknown, table: Map<string, string>, seen?: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => renameTaskTypes(v, table, seen));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'taskType' && typeof v === 'string') {
      seen?.push(v);
      out[k] = table.get(v) ?? `UNKNOWN_${v}`;
    } else out[k] = renameTaskTypes(v, table, seen);
  }
  return out;
}

/** A JSON body with its taskType values renamed; anything that is not JSON passes as it is. */
function renamedJson(body: Buffer, table: Map<string, string>, seen?: string[]): Buffer {
  if (body.length === 0) return body;
  try {
    return Buffer.from(JSON.stringify(renameTaskTypes(JSON.parse(body.toString('utf8')), table, seen)));
  } catch {
    return body;
  }
}

export async function startRenamingProxy(upstream: string, profile: ServiceProfile): Promise<RenamingProxy> {
  const renames = renamesOf(profile);
  const calls: string[] = [];
  const models: string[] = [];
  const taskTypes: string[] = [];
  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://proxy');
    calls.push(`${method} ${url.pathname}`);
    const isAsync = url.pathname.startsWith('/v1/async/');
    let body = await readBody(req);
    if (isAsync && method === 'POST') body = renamedJson(body, renames.taskIn, taskTypes);
    const headers = forwardedHeaders(req);
    const answer = await fetch(`${upstream}${upstreamUrl(url, renames, models)}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
    });
    let out: Buffer = Buffer.from(await answer.arrayBuffer());
    if (isAsync) out = renamedJson(out, renames.taskOut);
    sendAnswer(res, answer, out);
  };
  const server = createServer((req, res) => void forward(req, res).catch(() => req.socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => [...calls],
    countriesModels: () => [...models],
    taskTypes: () => [...taskTypes],
    close: () => closeServer(server),
  };
}
