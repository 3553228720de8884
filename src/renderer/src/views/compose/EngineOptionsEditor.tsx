import { type EngineName, ENGINES } from '../../../../shared/api/engines';
import type { EngineOptions, IncludeFlags } from '../../../../shared/domain/run-spec';
import { useComposeStore } from '../../stores/compose-store';

const INCLUDE_FLAGS: Array<{ key: keyof IncludeFlags; label: string }> = [
  { key: 'markdown', label: 'Markdown' },
  { key: 'html', label: 'HTML page' },
  { key: 'rawResponse', label: 'Raw response' },
  { key: 'searchQueries', label: 'Search queries' },
  { key: 'ads', label: 'Ads' },
  { key: 'shopping', label: 'Shopping' },
  { key: 'aioverview', label: 'AI overview' },
  { key: 'paaAioverview', label: 'PAA AI overview' },
  { key: 'expandProducts', label: 'Expand products' },
];

/** Drops unset keys so the spec only carries what the analyst chose. */
function clean(options: EngineOptions): EngineOptions {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    if (v === undefined || v === '') continue;
    if (k === 'include' && typeof v === 'object' && v !== null && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out as EngineOptions;
}

/** Per-engine request options: include flags, legacy, web search, device, pages, location/uule, hl. */
export function EngineOptionsEditor({ engine }: { engine: EngineName }) {
  const options = useComposeStore((s) => s.engineOptions[engine]) ?? {};
  const setEngineOptions = useComposeStore((s) => s.setEngineOptions);
  const info = ENGINES[engine];
  const update = (p: Partial<EngineOptions>): void => setEngineOptions(engine, clean({ ...options, ...p }));
  const setInclude = (key: keyof IncludeFlags, on: boolean): void => {
    const include = { ...options.include };
    if (on) include[key] = true;
    else delete include[key];
    update({ include });
  };
  const isSearch = info.kind === 'search' || info.kind === 'news';

  return (
    <details className="engine-options">
      <summary>{info.label} options</summary>
      <fieldset>
        <legend>Include</legend>
        {INCLUDE_FLAGS.map((f) => (
          <label key={f.key} className="inline">
            <input
              type="checkbox"
              checked={options.include?.[f.key] === true}
              onChange={(e) => setInclude(f.key, e.target.checked)}
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      {info.kind === 'assistant' && (
        <>
          <label className="inline">
            <input
              type="checkbox"
              checked={options.legacy === true}
              onChange={(e) => update({ legacy: e.target.checked || undefined })}
            />
            Legacy interface
          </label>
          <label className="inline">
            <input
              type="checkbox"
              checked={options.disableWebSearch === true}
              onChange={(e) => update({ disableWebSearch: e.target.checked || undefined })}
            />
            Disable web search
          </label>
        </>
      )}
      {isSearch && (
        <div className="row">
          <label>
            Device
            <select
              value={options.device ?? ''}
              onChange={(e) => update({ device: (e.target.value || undefined) as EngineOptions['device'] })}
            >
              <option value="">Default</option>
              <option value="desktop">Desktop</option>
              <option value="mobile">Mobile</option>
              <option value="ios">iOS</option>
              <option value="android">Android</option>
            </select>
          </label>
          <label>
            Pages
            <input
              type="number"
              min={1}
              max={10}
              value={options.pages ?? ''}
              onChange={(e) => update({ pages: e.target.value === '' ? undefined : Number(e.target.value) })}
            />
          </label>
          <label>
            Location
            <input
              type="text"
              value={options.location ?? ''}
              onChange={(e) => update({ location: e.target.value || undefined })}
            />
          </label>
          <label>
            uule
            <input
              type="text"
              value={options.uule ?? ''}
              onChange={(e) => update({ uule: e.target.value || undefined })}
            />
          </label>
        </div>
      )}
      <label>
        Language (hl)
        <input
          type="text"
          value={options.hl ?? ''}
          placeholder="en"
          onChange={(e) => update({ hl: e.target.value || undefined })}
        />
      </label>
    </details>
  );
}
