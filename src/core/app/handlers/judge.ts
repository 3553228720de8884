import type { HandlerModule } from './types';

// Settings → Positioning judge: the model judge's settings and key (src/core/positioning/judges/model).

type Channels = 'judge.status' | 'judge.set' | 'judge.delete';

export const judgeHandlers: HandlerModule<Channels> = (ctx) => ({
  'judge.status': () => ctx.judge.status(),
  'judge.set': ({ config, key, active }) => ctx.judge.set({ config, key, ...(active ? { active } : {}) }),
  'judge.delete': () => ctx.judge.delete(),
});
