import type { EngineName } from '../../shared/api/engines';
import {
  type AssistantARequest,
  type AssistantRequest,
  type MonitorRequest,
  type SearchAiRequest,
  type SearchNewsRequest,
  type SearchRequest,
  normalizeSearchUrl,
} from '../../shared/api/requests';
import { buildAnswer } from './answer';
import { assistantA } from './assistant-a';
import { assistantB, assistantC, assistantD, assistantE } from './assistants';
import { news, search } from './search';
import { searchAi } from './search-ai';
import { dayNumber, type DriftEvent } from './drift';
import type { PositioningEvent } from './positioning';
import type { CommerceEvent } from './commerce';
import type { EngineContext, Json } from './shared';

// One entry point for all synthetic engines: a validated request in, the engine's result
// object out (plus the number of product clusters, which search-ai charges for).

export interface EngineOutput {
  result: Json;
  /** search-ai expandProducts: clusters returned (+1 credit each). */
  clusters: number;
}

export class SyntheticEngines {
  /** Identical calls seen so far on each day, so repeats can vary a little. */
  private readonly repeats = new Map<string, number>();

  constructor(
    private readonly seed: () => number,
    private readonly ctx: EngineContext,
    /** The sandbox clock: answers depend on its UTC calendar day. */
    private readonly clock: () => number = Date.now,
    private readonly events: readonly DriftEvent[] = [],
    private readonly positioningEvents: readonly PositioningEvent[] = [],
    private readonly commerceEvents: readonly CommerceEvent[] = [],
  ) {}

  run(engine: EngineName, request: MonitorRequest): EngineOutput {
    const target = targetOf(engine, request);
    const optionsKey = JSON.stringify(request);
    const day = dayNumber(this.clock());
    const repeatKey = `${day}\u241f${engine}\u241f${optionsKey}`;
    const repeat = this.repeats.get(repeatKey) ?? 0;
    this.repeats.set(repeatKey, repeat + 1);
    if (this.repeats.size > 200_000) this.repeats.clear();
    const answer = buildAnswer({
      engine,
      prompt: target.text,
      country: target.country,
      state: target.state,
      optionsKey,
      seed: this.seed(),
      repeat,
      day,
      events: this.events,
      positioningEvents: this.positioningEvents,
      commerceEvents: this.commerceEvents,
    });
    switch (engine) {
      case 'assistant-a':
        return { result: assistantA(answer, request as AssistantARequest, this.ctx), clusters: 0 };
      case 'assistant-b':
        return { result: assistantB(answer, request as AssistantRequest, this.ctx), clusters: 0 };
      case 'assistant-c':
        return { result: assistantC(answer, request as AssistantRequest, this.ctx), clusters: 0 };
      case 'assistant-d':
        return { result: assistantD(answer, request as AssistantRequest, this.ctx), clusters: 0 };
      case 'assistant-e':
        return { result: assistantE(answer, request as AssistantRequest, this.ctx), clusters: 0 };
      case 'search':
        return { result: search(answer, request as SearchRequest, target.pages, this.ctx), clusters: 0 };
      case 'search-news':
        return { result: news(answer, request as SearchNewsRequest, this.ctx), clusters: 0 };
      case 'search-ai':
        return searchAi(answer, request as SearchAiRequest, this.ctx);
    }
  }
}

interface Target {
  text: string;
  country: string;
  state?: string;
  pages: number;
}

/** What is asked and from where, whichever way the request says it (query/url, country/gl). */
function targetOf(engine: EngineName, request: MonitorRequest): Target {
  const r = request as {
    prompt?: string;
    query?: string;
    url?: string;
    country?: string;
    gl?: string;
    state?: string;
    pages?: number;
  };
  if (engine === 'search' && typeof r.url === 'string') {
    const n = normalizeSearchUrl(r.url);
    if (n.ok)
      return {
        text: n.value.query,
        country: r.country ?? r.gl?.toUpperCase() ?? n.value.gl ?? 'US',
        pages: n.value.pages,
      };
  }
  return {
    text: r.prompt ?? r.query ?? '',
    country: r.country ?? r.gl?.toUpperCase() ?? 'US',
    state: r.state,
    pages: r.pages ?? 1,
  };
}
