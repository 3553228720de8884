import { useState } from 'react';
import type { EngineName } from '../../../../shared/api/engines';
import type { SeriesTarget } from '../../stores/nav-store';
import { CodeInput } from '../../components/CodeInput';
import { EngineSelect } from '../../components/EngineSelect';

/** A series typed by hand (for a prompt asked only once so far, which the picker leaves out). */
export function ManualSeriesForm({ onOpen }: { onOpen(target: SeriesTarget): void }) {
  const [form, setForm] = useState({
    prompt: '',
    engine: 'assistant-a' as EngineName,
    country: 'US',
    state: '',
  });
  return (
    <details className="panel">
      <summary>Enter a prompt, engine and location by hand</summary>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          onOpen({
            prompt: form.prompt.trim(),
            engine: form.engine,
            country: form.country.toUpperCase(),
            state: form.state ? form.state.toUpperCase() : null,
          });
        }}
      >
        <label>
          Prompt
          <input
            type="text"
            value={form.prompt}
            onChange={(e) => setForm({ ...form, prompt: e.target.value })}
            required
          />
        </label>
        <EngineSelect value={form.engine} onChange={(engine) => setForm({ ...form, engine })} />
        <CodeInput
          label="Country"
          value={form.country}
          onChange={(country) => setForm({ ...form, country })}
        />
        <CodeInput label="State" value={form.state} onChange={(state) => setForm({ ...form, state })} />
        <button type="submit">Show series</button>
      </form>
    </details>
  );
}
