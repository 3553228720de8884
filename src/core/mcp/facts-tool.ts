import { z } from 'zod';
import { fewAnswers, judgedByText, notCheckedBeside, type DiscrepancyRate } from '../../shared/facts';
import { clip, table } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// What the engines get wrong about the tracked brands: the same figures as `parallax facts`
// (core.services.facts()), each discrepancy rate with its n and 95 % interval, "few answers"
// under 30, and the sites the contradicting answers cite.

const DAY_MS = 86_400_000;

const input = z.object({
  days: z.number().int().min(1).max(3650).default(30).describe('the last N days (default 30)'),
  by: z
    .enum(['engine', 'country', 'language', 'fact'])
    .optional()
    .describe("also split by engine, country, language (the answer's, as the checker told it) or fact"),
});

const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;

function rateText(r: DiscrepancyRate): string {
  if (r.n === 0) return 'no answer addresses its facts';
  return `${pct(r.value)} [95 % CI ${pct(r.lower)}–${pct(r.upper)}] (n ${r.n})${fewAnswers(r) ? ', few answers' : ''}`;
}

export function factsTool(deps: McpDeps): ToolSpec<typeof input> {
  return {
    name: 'brand_facts',
    title: 'What the engines get wrong about the brands',
    description:
      "Checks the answers against each tracked brand's fact sheet (prices, features, founding year, headquarters, numbers, lists, people; set with `parallax facts set`). Per brand its discrepancy rate: answers naming it with at least one contradicted fact over those addressing any of its facts, with its 95 % interval and n ('few answers' under 30); per fact the answers supporting, contradicting and not addressing it; and the sites cited in contradicting answers, ranked by how much more often they are cited there than in supporting answers. by: 'engine', 'country', 'language' or 'fact' splits the rates.",
    input,
    async run({ days, by }) {
      const service = await deps.services.facts();
      const figures = service.figures({ sinceMs: Date.now() - days * DAY_MS, by: by ?? null });
      const lines = [`Brand facts, the last ${days} days.`];
      if (deps.store.factsRecheckPending())
        lines.push(
          'A fact sheet changed since the answers were checked: run `parallax facts` to check them again.',
        );
      if (figures.brands.length === 0)
        lines.push(
          'No answer of the period names a brand with a fact sheet (`parallax facts set BRAND --file F`).',
        );
      const judged = judgedByText(figures.judgedBy);
      if (judged !== null) lines.push(judged);
      if (figures.notChecked.note !== null) lines.push(`${figures.notChecked.note}.`);
      for (const b of figures.brands) {
        const group = b.engine ?? b.country ?? b.language ?? b.fact;
        lines.push(
          '',
          `${b.brand}${group === undefined ? '' : ` · ${group}`}: discrepancy rate ${rateText(b.discrepancyRate)}${notCheckedBeside(b.notChecked)}`,
          table(
            ['Fact', 'Supported', 'Contradicted', 'Not addressed'],
            b.facts.map((f) => [f.key, f.supported, f.contradicted, f.notAddressed]),
          ),
        );
      }
      if (figures.sources.length > 0)
        lines.push(
          '',
          'Sites cited in contradicting answers (answers citing them, and their share):',
          table(
            ['Brand', 'Site', 'Contradicting', 'Supporting'],
            figures.sources
              .slice(0, 20)
              .map((s) => [
                s.brand,
                clip(s.domain, 80),
                `${s.contradicting} (${pct(s.contradictingShare)})`,
                `${s.supporting} (${pct(s.supportingShare)})`,
              ]),
          ),
        );
      return { text: lines.join('\n'), data: { ...figures } };
    },
  };
}
