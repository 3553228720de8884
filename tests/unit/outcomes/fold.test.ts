import { describe, expect, it } from 'vitest';
import { foldWords, isQuestionLike, sameQuestion, suggestPrompts } from '../../../src/core/outcomes';

// Prompts worth tracking: near-duplicates folded into one candidate, question-like Search
// Console queries only, tracked prompts left out, each source ranked against its own strongest.

describe('folding near-duplicate queries', () => {
  it('reads case, punctuation, filler words and a plural s as the same question', () => {
    expect(foldWords('Best CRM for small teams?')).toEqual(foldWords('best crm for a small team'));
    expect(
      sameQuestion(foldWords('which crm is best for a small team'), foldWords('best crm small team')),
    ).toBe(true);
    expect(sameQuestion(foldWords('best crm for startups'), foldWords('best crm for enterprises'))).toBe(
      false,
    );
  });

  it('keeps question-like queries and leaves navigational ones', () => {
    expect(isQuestionLike('how do I export contacts')).toBe(true);
    expect(isQuestionLike('acme vs globex')).toBe(true);
    expect(isQuestionLike('acme login')).toBe(false);
    expect(isQuestionLike('crm that syncs with gmail and outlook calendars')).toBe(true);
  });
});

describe('suggestPrompts', () => {
  const list = suggestPrompts(
    [
      { source: 'gsc', text: 'best crm for small teams', weight: 300, impressions: 300 },
      { source: 'gsc', text: 'Best CRM for a small team?', weight: 100, impressions: 100 },
      { source: 'gsc', text: 'acme login', weight: 5000, impressions: 5000 },
      { source: 'gsc', text: 'how to import leads', weight: 30, impressions: 30 },
      { source: 'fanout', text: 'best crm small team 2026', weight: 2, answers: 2, engines: ['assistant-b'] },
      { source: 'fanout', text: 'crm pricing comparison', weight: 4, answers: 4, engines: ['assistant-a'] },
    ],
    ['How to import leads?'],
  );

  it('folds, sums the signals of each source, and says where each came from', () => {
    const crm = list.find((s) => s.text === 'best crm for small teams');
    expect(crm).toMatchObject({
      sources: ['gsc', 'fanout'],
      impressions: 400,
      answers: 2,
      engines: ['assistant-b'],
    });
    expect(crm?.variants).toHaveLength(3);
  });

  it('leaves out tracked prompts and navigational queries, and ranks each source by its own strongest', () => {
    expect(list.map((s) => s.text)).toEqual(['best crm for small teams', 'crm pricing comparison']);
    expect(list.map((s) => s.score)).toEqual([1, 1]);
  });

  it('gives a suggestion the same id while its question is the same', () => {
    const again = suggestPrompts(
      [{ source: 'gsc', text: 'best CRM for small teams!', weight: 1, impressions: 1 }],
      [],
    );
    expect(again[0]?.id).toBe(list[0]?.id);
  });
});
