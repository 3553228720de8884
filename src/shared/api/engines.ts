// The engines of the answer monitoring service, under the neutral names of the spec.
// One table drives the client (paths, task types, costs), the sandbox (what it serves)
// and the UI (engine picker, availability badges), so they can never disagree.

export const ENGINE_NAMES = [
  'assistant-a',
  'assistant-b',
  'assistant-c',
  'assistant-d',
  'assistant-e',
  'search',
  'search-news',
  'search-ai',
] as const;

export type EngineName = (typeof ENGINE_NAMES)[number];

/** Upper snake case task types for POST /v1/async/task (overridable by configuration). */
export type TaskType =
  | 'ASSISTANT_A'
  | 'ASSISTANT_B'
  | 'ASSISTANT_C'
  | 'ASSISTANT_D'
  | 'ASSISTANT_E'
  | 'SEARCH'
  | 'SEARCH_NEWS'
  | 'SEARCH_AI';

export type EngineKind = 'assistant' | 'search' | 'news' | 'search-ai';

export type Availability = 'available' | 'coming-soon';

export interface EngineInfo {
  name: EngineName;
  label: string;
  kind: EngineKind;
  /** Path under the base URL, for example /v1/monitor/search/news. */
  path: string;
  taskType: TaskType;
  /** Availability as the spec's table states it; the app updates it from what the service answers. */
  specAvailability: Availability;
  /** Base credit cost of one call before add-ons (service facts §7; configurable in the cost model). */
  baseCost: number;
  /** Value of the `model` filter on GET /v1/countries, where the service has one. */
  countriesModel: string | null;
  description: string;
}

export const ENGINES: Readonly<Record<EngineName, EngineInfo>> = {
  'assistant-a': {
    name: 'assistant-a',
    label: 'Assistant A',
    kind: 'assistant',
    path: '/v1/monitor/assistant-a',
    taskType: 'ASSISTANT_A',
    specAvailability: 'available',
    baseCost: 5,
    countriesModel: 'assistant-a',
    description: 'Chat assistant with web search, shopping cards, brand entities, ads',
  },
  'assistant-b': {
    name: 'assistant-b',
    label: 'Assistant B',
    kind: 'assistant',
    path: '/v1/monitor/assistant-b',
    taskType: 'ASSISTANT_B',
    specAvailability: 'coming-soon',
    baseCost: 4,
    countriesModel: 'assistant-b',
    description: 'Chat assistant: answer text and cited sources, Markdown and HTML export',
  },
  'assistant-c': {
    name: 'assistant-c',
    label: 'Assistant C',
    kind: 'assistant',
    path: '/v1/monitor/assistant-c',
    taskType: 'ASSISTANT_C',
    specAvailability: 'coming-soon',
    baseCost: 4,
    countriesModel: 'assistant-c',
    description: 'Chat assistant: answer text and cited sources, including social-platform posts',
  },
  'assistant-d': {
    name: 'assistant-d',
    label: 'Assistant D',
    kind: 'assistant',
    path: '/v1/monitor/assistant-d',
    taskType: 'ASSISTANT_D',
    specAvailability: 'coming-soon',
    baseCost: 5,
    countriesModel: 'assistant-d',
    description: 'Chat assistant',
  },
  'assistant-e': {
    name: 'assistant-e',
    label: 'Assistant E',
    kind: 'assistant',
    path: '/v1/monitor/assistant-e',
    taskType: 'ASSISTANT_E',
    specAvailability: 'coming-soon',
    baseCost: 4,
    countriesModel: 'assistant-e',
    description: 'Chat assistant',
  },
  search: {
    name: 'search',
    label: 'Web search',
    kind: 'search',
    path: '/v1/monitor/search',
    taskType: 'SEARCH',
    specAvailability: 'coming-soon',
    baseCost: 3,
    countriesModel: 'search',
    description: 'Web search: organic results, People Also Ask, related searches, optional AI overview',
  },
  'search-news': {
    name: 'search-news',
    label: 'News search',
    kind: 'news',
    path: '/v1/monitor/search/news',
    taskType: 'SEARCH_NEWS',
    specAvailability: 'coming-soon',
    baseCost: 3,
    countriesModel: null,
    description: 'News search: titles, links, snippets, sources, dates, thumbnails',
  },
  'search-ai': {
    name: 'search-ai',
    label: 'Search AI mode',
    kind: 'search-ai',
    path: '/v1/monitor/search-ai',
    taskType: 'SEARCH_AI',
    specAvailability: 'coming-soon',
    baseCost: 4,
    countriesModel: 'search-ai',
    description: "The search engine's AI answer mode",
  },
};

export const GOTO_PATH = '/v1/monitor/search/goto';

export function isEngineName(value: string): value is EngineName {
  return (ENGINE_NAMES as readonly string[]).includes(value);
}

/**
 * Orders engines as the catalog lists them (the assistants, then web, news and AI-mode search),
 * as the Engines filter and Compose do, so every table with engines side by side (the heatmap,
 * Compare, the client report) reads in one order; a name the catalog does not know comes after
 * them, alphabetically.
 */
export function byEngineOrder(a: string, b: string): number {
  const rank = (e: string): number => (isEngineName(e) ? ENGINE_NAMES.indexOf(e) : ENGINE_NAMES.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

export function engineByPath(path: string): EngineInfo | undefined {
  return Object.values(ENGINES).find((e) => e.path === path);
}

/** Concurrency slots by plan, from the spec's limits table. */
export const PLAN_SLOTS = {
  Free: 1,
  Lite: 10,
  Hobby: 20,
  Starter: 50,
  Growth: 75,
  Business: 100,
  'Enterprise 2K': 135,
  'Enterprise 3K': 175,
  'Enterprise 4K': 215,
  'Enterprise 5K': 255,
} as const;

export type PlanName = keyof typeof PLAN_SLOTS;
export const PLAN_NAMES = Object.keys(PLAN_SLOTS) as PlanName[];

/** Accepts `Enterprise 5K`, `Enterprise-5K` or `enterprise5k`. */
export function parsePlanName(value: string): PlanName | undefined {
  const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return PLAN_NAMES.find((p) => norm(p) === norm(value));
}

/** US states (50 + DC) usable for state-level targeting. */
// prettier-ignore
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
  ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code as string, name: name as string }));
