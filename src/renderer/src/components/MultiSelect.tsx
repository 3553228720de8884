import { useId, useMemo, useRef, useState } from 'react';
import { searchOptions } from '../lib/countries';

export interface MultiSelectOption {
  code: string;
  name: string;
  flag?: string;
}

interface Props {
  label: string;
  options: readonly MultiSelectOption[];
  selected: readonly string[];
  onChange(selected: string[]): void;
  placeholder?: string;
}

/**
 * A searchable multi-select (countries, US states): a search box over a listbox of options
 * with roving focus (arrow keys move, Space/Enter toggle), and the choices as removable chips.
 */
export function MultiSelect({ label, options, selected, onChange, placeholder }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const visible = useMemo(() => searchOptions(options, query), [options, query]);
  const chosen = new Set(selected);
  const byCode = new Map(options.map((o) => [o.code, o]));

  const toggle = (code: string): void => {
    onChange(chosen.has(code) ? selected.filter((c) => c !== code) : [...selected, code]);
  };

  const focusOption = (index: number): void => {
    const clamped = Math.max(0, Math.min(visible.length - 1, index));
    setActive(clamped);
    listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[clamped]?.focus();
  };

  const onListKey = (e: React.KeyboardEvent): void => {
    if (e.key === 'ArrowDown') focusOption(active + 1);
    else if (e.key === 'ArrowUp') focusOption(active - 1);
    else if (e.key === 'Home') focusOption(0);
    else if (e.key === 'End') focusOption(visible.length - 1);
    else if (e.key === ' ' || e.key === 'Enter') {
      const option = visible[active];
      if (option) toggle(option.code);
    } else return;
    e.preventDefault();
  };

  return (
    <fieldset className="multi-select">
      <legend>{label}</legend>
      <div className="chips" aria-label={`Chosen ${label.toLowerCase()}`}>
        {selected.length === 0 && <span className="muted">None chosen</span>}
        {selected.map((code) => (
          <span key={code} className="chip">
            {byCode.get(code)?.flag} {code}
            <button
              type="button"
              aria-label={`Remove ${byCode.get(code)?.name ?? code}`}
              onClick={() => toggle(code)}
            >
              ×
            </button>
          </span>
        ))}
        {selected.length > 0 && (
          <button type="button" className="small" onClick={() => onChange([])}>
            Clear
          </button>
        )}
      </div>
      <input
        type="search"
        aria-label={`Search ${label.toLowerCase()}`}
        aria-controls={`${id}-list`}
        placeholder={placeholder ?? 'Type a name or code'}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            focusOption(0);
          } else if (e.key === 'Enter' && visible[0]) {
            e.preventDefault();
            toggle(visible[0].code);
          }
        }}
      />
      <ul
        id={`${id}-list`}
        ref={listRef}
        role="listbox"
        aria-multiselectable="true"
        aria-label={label}
        className="options"
        onKeyDown={onListKey}
      >
        {visible.length === 0 && <li className="muted">No match for “{query}”</li>}
        {visible.map((o, i) => (
          <li
            key={o.code}
            role="option"
            aria-selected={chosen.has(o.code)}
            tabIndex={i === active ? 0 : -1}
            onClick={() => {
              setActive(i);
              toggle(o.code);
            }}
          >
            <span className="check" aria-hidden="true">
              {chosen.has(o.code) ? '☑' : '☐'}
            </span>
            {o.flag && <span aria-hidden="true">{o.flag}</span>} {o.name}{' '}
            <span className="muted">{o.code}</span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
