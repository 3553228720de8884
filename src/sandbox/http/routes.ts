import { ENGINE_NAMES } from '../../shared/api/engines';
import { enginePath, redirectPath, type ServiceProfile } from '../../shared/profile';
import type { SandboxCore } from '../core/sandbox-core';
import type { Call, Reply } from './call';
import { gotoCall, monitorCall } from '../routes/monitor';
import { clearQueue, createBatch, createTask, getTask, queueStatus } from '../routes/async';
import { countries, credits, file, states } from '../routes/lookup';
import { chatCompletions, messages } from '../routes/chat';

// The route table: path templates, their methods and handlers. The engines' paths come from
// the service profile the sandbox serves (the spec's neutral one by default).

export type Handler = (call: Call, core: SandboxCore) => Promise<Reply | null> | Reply | null;

export interface Route {
  template: string;
  pattern: RegExp;
  params: string[];
  methods: Record<string, Handler>;
  /** Engine monitor routes carry the concurrency and credit headers. */
  monitor: boolean;
  /** Served without a key (the stored HTML files, like the service's file host). */
  open: boolean;
}

function route(
  template: string,
  methods: Record<string, Handler>,
  flags: { monitor?: boolean; open?: boolean } = {},
): Route {
  const params: string[] = [];
  const source = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return {
    template,
    pattern: new RegExp(`^${source}$`),
    params,
    methods,
    monitor: flags.monitor ?? false,
    open: flags.open ?? false,
  };
}

/** The routes of a sandbox serving this profile. */
export function buildRoutes(profile: ServiceProfile): Route[] {
  return [
    route(redirectPath(profile), { POST: gotoCall }),
    ...ENGINE_NAMES.map((name) =>
      route(enginePath(profile, name), { POST: (c, core) => monitorCall(c, core, name) }, { monitor: true }),
    ),
    ...FIXED_ROUTES,
  ];
}

export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';
export const MESSAGES_PATH = '/v1/messages';

const FIXED_ROUTES: Route[] = [
  route('/v1/async/task/batch', { POST: createBatch }),
  route('/v1/async/task', { POST: createTask }),
  route('/v1/async/task/:id', { GET: getTask }),
  route('/v1/async/status', { GET: queueStatus }),
  route('/v1/async/queue', { DELETE: clearQueue }),
  route('/v1/credits', { GET: credits }),
  route('/v1/countries', { GET: countries }),
  route('/v1/states', { GET: states }),
  route('/files/:id.html', { GET: file }, { open: true }),
  // The sandbox as a language model, for the model judge (routes/chat.ts).
  route(CHAT_COMPLETIONS_PATH, { POST: chatCompletions }),
  route(MESSAGES_PATH, { POST: (c) => messages(c) }),
];

export function matchRoute(
  routes: readonly Route[],
  path: string,
): { route: Route; params: Record<string, string> } | null {
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.params.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { route: r, params };
  }
  return null;
}
