import { builtinProfile, type BuiltinProfileId } from '../../../shared/profile/builtin';

// Which built-in service profile a deployment speaks, asked of the deployment itself: the
// countries lookup takes each engine's `model` name and refuses one it does not know (400), at no
// cost in credits. The live service knows `chatgpt`, the spec's deployments and the sandbox
// `assistant-a`; the profile whose name alone is answered is the one to use, so a user who
// connects to the live service sees ChatGPT, Perplexity… instead of Assistant A–E.

/** The built-ins asked about, in order; the preview profile uses the spec's names (not a deployment). */
const CANDIDATES: readonly BuiltinProfileId[] = ['live', 'spec'];
const PROBE_TIMEOUT_MS = 5_000;

export interface DetectProfileDeps {
  baseUrl: string;
  /** The key sent as the service expects it; null when none is stored (the lookup may still answer). */
  apiKey: string | null;
  fetch: typeof fetch;
}

/** The model name each candidate gives its first engine on GET /v1/countries. */
function probeModel(id: BuiltinProfileId): string | null {
  return builtinProfile(id).profile.engines['assistant-a'].countriesModel;
}

async function answers(deps: DetectProfileDeps, model: string): Promise<boolean> {
  const url = `${deps.baseUrl.replace(/\/+$/u, '')}/v1/countries?model=${encodeURIComponent(model)}`;
  try {
    const res = await deps.fetch(url, {
      headers: deps.apiKey ? { Authorization: `Bearer ${deps.apiKey}` } : {},
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!res.ok) return false;
    const body: unknown = await res.json();
    return Array.isArray(body);
  } catch {
    // Unreachable, timed out, not JSON: this name is not known to be answered.
    return false;
  }
}

/**
 * The built-in profile whose engine names the service at baseUrl answers, or null when none or
 * more than one is answered (a service that takes any name tells nothing).
 */
export async function detectServiceProfile(deps: DetectProfileDeps): Promise<BuiltinProfileId | null> {
  const probes = CANDIDATES.flatMap((id) => {
    const model = probeModel(id);
    return model === null ? [] : [{ id, answered: answers(deps, model) }];
  });
  const answered: BuiltinProfileId[] = [];
  for (const p of probes) if (await p.answered) answered.push(p.id);
  return answered.length === 1 ? (answered[0] as BuiltinProfileId) : null;
}
