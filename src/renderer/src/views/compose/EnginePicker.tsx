import type { EngineName } from '../../../../shared/api/engines';
import type { EngineAvailabilityView } from '../../../../shared/ipc/channels/catalog';
import { useComposeStore } from '../../stores/compose-store';

function badge(a: EngineAvailabilityView['availability']): { text: string; cls: string } {
  if (a === 'available') return { text: 'available', cls: 'ok' };
  if (a === 'coming-soon') return { text: 'coming soon', cls: 'soon' };
  return { text: 'unknown', cls: 'unknown' };
}

/** Engines with availability badges; "coming soon" engines cannot be chosen. */
export function EnginePicker({ engines }: { engines: EngineAvailabilityView[] }) {
  const { engines: chosen, patch } = useComposeStore();
  const toggle = (name: EngineName): void =>
    patch({ engines: chosen.includes(name) ? chosen.filter((e) => e !== name) : [...chosen, name] });
  return (
    <fieldset className="engine-picker">
      <legend>Engines</legend>
      {engines.map((e) => {
        const b = badge(e.availability);
        const disabled = e.availability === 'coming-soon' && !chosen.includes(e.name);
        return (
          <label key={e.name} className={`engine-option${disabled ? ' disabled' : ''}`} title={e.description}>
            <input
              type="checkbox"
              checked={chosen.includes(e.name)}
              disabled={disabled}
              onChange={() => toggle(e.name)}
            />
            <span>{e.label}</span>
            <span className={`badge badge-${b.cls}`}>{b.text}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
