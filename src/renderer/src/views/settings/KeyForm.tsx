import { useState } from 'react';
import { API_KEY_PATTERN } from '../../../../shared/key-mask';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { useAppStore } from '../../stores/app-store';
import { ErrorState } from '../../components/StatusStates';

/**
 * Enter or replace the API key. The key goes to main once (key.set), the field is cleared
 * right away, and only the masked form is shown from then on.
 */
export function KeyForm({ onSaved }: { onSaved?: () => void }) {
  const setKeyStatus = useAppStore((s) => s.setKeyStatus);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const wellFormed = API_KEY_PATTERN.test(value.trim());

  const submit = async (e: React.FormEvent): Promise<void> => {
    e.preventDefault();
    const key = value.trim();
    setValue('');
    setBusy(true);
    setError(null);
    try {
      setKeyStatus(await call('key.set', { key }));
      onSaved?.();
    } catch (err) {
      setError(toShownError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="key-form" onSubmit={(e) => void submit(e)}>
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="sk_…"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      {value !== '' && !wellFormed && <p className="hint">A key is sk_ followed by 40 letters and digits.</p>}
      <button type="submit" disabled={!wellFormed || busy}>
        {busy ? 'Verifying…' : 'Save key'}
      </button>
      {error && <ErrorState error={error} />}
    </form>
  );
}
