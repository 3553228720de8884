import type { BrandPositioning, JudgeInput } from '../../src/shared/positioning';
import type { LabelledAnswer } from './positioning-set';

// The built-in judge's whole output on the labelled set, one line per answer, for the golden
// test (tests/unit/positioning/judge-output.test.ts): a change that makes the judge faster must
// not change one status, score, attribute or evidence offset. Each answer is judged with and
// without its language hint, and the answers of each language are also judged joined into one
// long answer (the shape the CPU benchmark reads). Evidence is kept as offsets (its text is the
// answer's own) and the judge's identity is left out (it is the same on every line).

type Judge = (input: JudgeInput) => BrandPositioning[];

const POLARITY = { positive: '+', negative: '-', neutral: '0' } as const;

/** "brand status score label evidence attributes": evidence "start-end,…", attributes "+text(phrase)|…". */
function line(id: string, out: readonly BrandPositioning[]): string {
  const brands = out.map((p) => {
    const evidence = p.evidence.map((e) => `${e.start}-${e.end}`).join(',');
    const attributes = p.attributes
      .map((x) => `${POLARITY[x.polarity]}${x.text}${x.phrase === undefined ? '' : `(${x.phrase})`}`)
      .join('|');
    return `${p.brandId} ${p.status} ${p.sentiment.score} ${p.sentiment.label} ${evidence} ${attributes}`;
  });
  return `${id}\t${brands.join('\t')}`;
}

export function goldenLines(set: readonly LabelledAnswer[], judge: Judge): string {
  const lines: string[] = [];
  for (const a of set) {
    for (const hint of [a.language, null]) {
      const out = judge({ text: a.text, format: a.format, language: hint, brands: a.brands });
      lines.push(line(`${a.id}${hint === null ? ' no-hint' : ''}`, out));
    }
  }
  for (const lang of [...new Set(set.map((a) => a.language))]) {
    const parts = set.filter((a) => a.language === lang);
    const brands = [...new Map(parts.flatMap((a) => a.brands).map((b) => [b.id, b])).values()];
    const text = parts.map((a) => a.text).join('\n\n');
    lines.push(line(`joined-${lang}`, judge({ text, format: 'markdown', language: lang, brands })));
  }
  return `${lines.join('\n')}\n`;
}
