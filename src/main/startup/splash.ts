import type { MigrationPlan, MigrationProgress } from './migration';

// The start-up splash while the history is upgraded: which step runs, how many remain, and that a
// large history takes minutes. A model the shell renders into a small script-less page.

export interface SplashModel {
  title: string;
  message: string;
  steps: Array<{ label: string; state: 'done' | 'running' | 'waiting' }>;
  note: string;
}

const STEP_LABELS: Record<string, string> = {
  initial: 'the history tables',
  visibility: 'the brand visibility index',
  alerts: 'change alerts',
  discovery: 'the competitor discovery index',
  'run-owners': 'run ownership (resume after a crash)',
  'page-archive': 'the archive of result pages',
};

export function splashModel(plan: MigrationPlan, progress: MigrationProgress | null): SplashModel {
  const current = progress?.index ?? 0;
  const currentDone = progress?.phase === 'step-done';
  return {
    title: 'Parallax',
    message: `Upgrading your history (step ${Math.min(current + 1, plan.steps.length)} of ${plan.steps.length})…`,
    steps: plan.steps.map((step, i) => ({
      label: `${String(step.version).padStart(3, '0')} ${STEP_LABELS[step.name] ?? step.name}`,
      state: i < current || (i === current && currentDone) ? 'done' : i === current ? 'running' : 'waiting',
    })),
    note: 'This runs once after an update. On a large history a step can take several minutes; Parallax opens when it is done, and an interruption resumes from the last finished step.',
  };
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A self-contained page (inline CSS only, a CSP that allows nothing else), for a data: URL. */
export function splashHtml(model: SplashModel): string {
  const marks = { done: '✓', running: '…', waiting: '·' } as const;
  const items = model.steps
    .map((s) => `<li class="${s.state}"><span>${marks[s.state]}</span> ${escape(s.label)}</li>`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escape(model.title)}</title><style>
body{margin:0;padding:28px;font:14px system-ui,sans-serif;background:#101418;color:#e6e9ec}
h1{font-size:18px;margin:0 0 8px}p{margin:0 0 14px}ul{list-style:none;padding:0;margin:0 0 16px}
li{padding:2px 0;color:#8a949e}li.done{color:#9fd4a5}li.running{color:#fff;font-weight:600}
span{display:inline-block;width:1.2em}.note{font-size:12px;color:#8a949e}
.bar{height:4px;background:#23303a;overflow:hidden;border-radius:2px;margin-bottom:16px}
.bar i{display:block;height:100%;width:30%;background:#4aa3ff;animation:m 1.4s ease-in-out infinite}
@keyframes m{0%{transform:translateX(-100%)}100%{transform:translateX(340%)}}
</style></head><body><h1>${escape(model.title)}</h1><p>${escape(model.message)}</p>
<div class="bar"><i></i></div><ul>${items}</ul><p class="note">${escape(model.note)}</p></body></html>`;
}
