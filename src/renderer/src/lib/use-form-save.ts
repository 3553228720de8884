import { useState } from 'react';
import type { ShownError } from './errors';

/**
 * The saving flag and last error of a form whose store action resolves to the error it met
 * (null on success). `run` resolves to true when the save went through.
 */
export function useFormSave() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const run = async (save: () => Promise<ShownError | null>): Promise<boolean> => {
    setSaving(true);
    const failed = await save();
    setSaving(false);
    setError(failed);
    return failed === null;
  };
  return { saving, error, run };
}
