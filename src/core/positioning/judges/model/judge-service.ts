import type { z } from 'zod';
import type { JudgeStatusView } from '../../../../shared/ipc/channels/judge';
import { modelJudgeConfigSchema, modelJudgeRef } from '../../../../shared/positioning/model-judge-config';
import type { SecretStore, SettingsStore } from '../../../platform';
import { maskJudgeKey } from './judge-key';

// The model judge's settings and key, one service for `parallax judge set|status|delete` and
// the app's Settings → Positioning judge: the settings file keeps the provider, model, base
// URL, prices, budget and concurrency; the keychain keeps the key; which judge the views read
// (built-in or the model) is the positioningJudge setting. What it reports back carries the
// key's masked label only.

export type { JudgeStatusView };

export class JudgeSettingsError extends Error {
  override readonly name = 'JudgeSettingsError';
  constructor(
    message: string,
    /** Per field: "model" → "the model is required". */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface JudgeSetRequest {
  config: unknown;
  /** A new key (null: keep the stored one; '' is refused). */
  key: string | null;
  /** Make it the judge the views read ('model') or go back to the built-in one. */
  active?: 'builtin' | 'model';
}

export interface JudgeService {
  status(): Promise<JudgeStatusView>;
  set(request: JudgeSetRequest): Promise<JudgeStatusView>;
  /** Forgets the model judge and its key; the views go back to the built-in judge. */
  delete(): Promise<{ deleted: boolean; status: JudgeStatusView }>;
  /** The key for a re-score (null: none stored). */
  key(): Promise<string | null>;
}

export interface JudgeServiceDeps {
  settings: Pick<SettingsStore, 'get' | 'update'>;
  secrets: SecretStore;
}

/** zod's issues as one message and per-field messages. */
export function configErrors(error: z.ZodError): JudgeSettingsError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'config'] ??= issue.message;
  const text = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  return new JudgeSettingsError(`Invalid judge settings (${text})`, fields);
}

export function createJudgeService(deps: JudgeServiceDeps): JudgeService {
  const { settings, secrets } = deps;

  async function status(): Promise<JudgeStatusView> {
    const s = settings.get();
    const config = s.positioningModelJudge;
    const key = await secrets.get().catch(() => null);
    return {
      config,
      judge: config ? modelJudgeRef(config) : null,
      key: {
        set: key !== null,
        masked: key === null ? null : maskJudgeKey(key),
        backend: secrets.backend.label,
        warning: secrets.backend.warning ?? null,
      },
      active: s.positioningJudge,
    };
  }

  return {
    status,
    async set(request) {
      const parsed = modelJudgeConfigSchema.safeParse(request.config);
      if (!parsed.success) throw configErrors(parsed.error);
      if (request.key !== null) {
        const key = request.key.trim();
        if (key === '' || /\s/.test(key))
          throw new JudgeSettingsError('The key is empty or has spaces in it', { key: 'not a key' });
        await secrets.set(key);
      }
      const ref = modelJudgeRef(parsed.data);
      const active =
        request.active === 'model'
          ? ref.id
          : request.active === 'builtin'
            ? 'builtin'
            : // A new model keeps the views on the model only if they read the previous one.
              settings.get().positioningJudge.startsWith('model:')
              ? ref.id
              : settings.get().positioningJudge;
      settings.update({ positioningModelJudge: parsed.data, positioningJudge: active });
      return status();
    },
    async delete() {
      const had = settings.get().positioningModelJudge !== null;
      const deletedKey = secrets.backend.kind === 'os-keychain' ? await secrets.delete() : false;
      settings.update({ positioningModelJudge: null, positioningJudge: 'builtin' });
      return { deleted: had || deletedKey, status: await status() };
    },
    key: () => secrets.get(),
  };
}
