import { z } from 'zod';
import { modelJudgeConfigSchema, type ModelJudgeConfig } from '../../positioning/model-judge-config';
import { invokeChannel } from '../define';

// Settings → Positioning judge: the model judge's provider, model,
// endpoint, prices, budget and concurrency, which judge the views read, and its key. The key
// goes renderer → main once, in judge.set, and on to the OS keychain; nothing sends it back:
// the status carries its masked label only.

/** The model judge as the renderer may see it: never the key. */
export interface JudgeStatusView {
  config: ModelJudgeConfig | null;
  /** The model judge's id (model:<provider>:<model>) and version; null when none is set. */
  judge: { id: string; version: string } | null;
  key: { set: boolean; masked: string | null; backend: string; warning: string | null };
  /** The judge whose rows the views read: 'builtin' or the model judge's id. */
  active: string;
}

export const judgeChannels = {
  'judge.status': invokeChannel(z.object({}).strict()).returns<JudgeStatusView>(),
  'judge.set': invokeChannel(
    z
      .object({
        config: modelJudgeConfigSchema,
        /** A new key; absent or null keeps the stored one. */
        key: z
          .string()
          .trim()
          .min(1, 'Paste the key, or leave the field empty to keep the stored one')
          .max(4096)
          .nullable()
          .default(null),
        active: z.enum(['builtin', 'model']).optional(),
      })
      .strict(),
  ).returns<JudgeStatusView>(),
  'judge.delete': invokeChannel(z.object({}).strict()).returns<{
    deleted: boolean;
    status: JudgeStatusView;
  }>(),
};
