import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_JUDGE_AGREEMENT,
  BUILTIN_JUDGE_REF,
  judgeAgreementLine,
  judgeAgreementOf,
  judgePositioning,
} from '../../../src/shared/positioning';
import {
  emptyScore,
  loadPositioningSet,
  OUTSIDE_AUTHOR_BATCHES,
  partOf,
  scoreAnswer,
  type LabelledAnswer,
  type Score,
} from '../../support/positioning-set';

// The figures the views say about the built-in judge ("reads a brand's status as a careful reader
// does in 93 % …") are the labelled set's, judged again here: a new judge version, or answers
// added to those parts, fails this test until BUILTIN_JUDGE_AGREEMENT is measured again.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const set = loadPositioningSet();

function scoreOf(answers: readonly LabelledAnswer[]): Score {
  const s = emptyScore();
  for (const a of answers)
    scoreAnswer(
      s,
      a,
      judgePositioning({ text: a.text, format: a.format, language: a.language, brands: a.brands }),
    );
  return s;
}

const plain = scoreOf(set.filter((a) => partOf(a) === 'first' && a.heldOut));
const indirect = scoreOf(set.filter((a) => OUTSIDE_AUTHOR_BATCHES.includes(partOf(a))));

describe("the built-in judge's agreement with careful readers, as the views say it", () => {
  it('was measured with the judge as it is', () => {
    expect(BUILTIN_JUDGE_AGREEMENT.version).toBe(BUILTIN_JUDGE_REF.version);
    // The judge's own id, which the module repeats so that the renderer needs no judge.
    expect(judgeAgreementOf(BUILTIN_JUDGE_REF.id)).not.toBeNull();
    expect(BUILTIN_JUDGE_AGREEMENT.plain).toEqual({
      answers: plain.answers,
      brands: plain.judged,
      status: plain.statusMerged,
      tone: plain.sentiment,
    });
    const missedAsMentioned = (['top', 'recommended', 'cautioned'] as const).reduce(
      (n, label) => n + indirect.confusion[label].mentioned,
      0,
    );
    expect(BUILTIN_JUDGE_AGREEMENT.indirect).toEqual({
      answers: indirect.answers,
      brands: indirect.judged,
      status: indirect.statusMerged,
      tone: indirect.sentiment,
      missedAsMentioned,
    });
  });

  it('says what the indirect answers show: misses mostly "mentioned", recommendations and cautions read low', () => {
    const c = indirect.confusion;
    const { missedAsMentioned, brands, status } = BUILTIN_JUDGE_AGREEMENT.indirect;
    expect(missedAsMentioned * 2).toBeGreaterThan(brands - status);
    const labelled = (l: keyof typeof c): number => Object.values(c[l]).reduce((n, x) => n + x, 0);
    const judged = (j: 'top' | 'recommended' | 'cautioned'): number =>
      c.top[j] + c.recommended[j] + c.mentioned[j] + c.cautioned[j];
    expect(judged('top') + judged('recommended')).toBeLessThan(labelled('top') + labelled('recommended'));
    expect(judged('cautioned')).toBeLessThan(labelled('cautioned'));
  });

  it('is said in words with intervals for the built-in judge, and not for a model judge (not measured)', () => {
    expect(judgeAgreementOf('builtin')?.note).toBe(
      'The built-in judge reads whether a brand is recommended (as the top pick or not), mentioned or cautioned ' +
        'as a careful reader does for 93 % (89–96 %) of the brands in plainly worded answers (228 brands tested) ' +
        'and 75 % (70–80 %) of those in answers that recommend or warn without saying so (306). When it misreads ' +
        'those, it mostly calls the brand "mentioned", so recommendation and caution rates read low on such answers. ' +
        "It reads a brand's tone as the reader did for 83 % (78–88 %) and 68 % (63–73 %) of them.",
    );
    expect(judgeAgreementOf('builtin')?.indirectStatus).toMatchObject({ k: 231, n: 306 });
    expect(judgeAgreementOf('model:openai:gpt-4o-mini')).toBeNull();
    expect(judgeAgreementLine('model:openai:gpt-4o-mini', 'then')).toBeNull();
  });

  it('has its figures in the guide and its sentence in the CLI reference, as the judge measures them now', () => {
    const view = judgeAgreementOf('builtin');
    if (view === null) throw new Error('no agreement for the built-in judge');
    const guide = readFileSync(join(ROOT, 'docs', 'guides', 'positioning.md'), 'utf8').replace(/\s+/g, ' ');
    for (const r of [view.plainStatus, view.indirectStatus, view.plainTone, view.indirectTone]) {
      const pct = (x: number): number => Math.round(x * 100);
      expect(guide).toContain(`${pct(r.value)} % (${pct(r.lower)}–${pct(r.upper)} %)`);
    }
    const reference = readFileSync(join(ROOT, 'docs', 'reference', 'cli-positioning.md'), 'utf8');
    expect(reference).toContain(JSON.stringify(view.note));
  });
});
