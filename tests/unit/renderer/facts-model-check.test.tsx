import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FactsCheckEstimate, FactsModelCheckStatus } from '../../../src/shared/facts/model-check';
import type { FactsFigures } from '../../../src/shared/facts';
import { FactsPanel } from '../../../src/renderer/src/views/brands/FactsPanel';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The Facts panel's "Check with your model…": the estimate main computes first (facts, answers,
// tokens, dollars, the budget), Confirm starts the check in main, its progress and outcome come
// from the 'facts.modelCheck' events with Stop; an estimate over the budget cannot be sent; and
// the figures say which verdicts the model gave.

const JUDGE = 'model:openai:gpt-4o-mini';
const ESTIMATE: FactsCheckEstimate = {
  judge: { id: JUDGE, version: 'f1+gpt-4o-mini' },
  answers: 40,
  answersToSend: 38,
  facts: 95,
  cachedFacts: 4,
  inputTokens: 21_000,
  outputTokens: 5_800,
  usd: 0.0066,
  budget: 5,
  overBudget: null,
};
const FIGURES: FactsFigures = {
  brands: [
    {
      brand: 'Veloxa',
      discrepancyRate: { value: 0.3, lower: 0.2, upper: 0.42, n: 60 },
      facts: [{ key: 'refund-policy', supported: 20, contradicted: 9, notAddressed: 31, byModel: 29 }],
      notChecked: 0,
    },
  ],
  sources: [],
  judgedBy: { checker: 0, models: [{ judge: JUDGE, verdicts: 29 }] },
  notChecked: { answers: 0, note: null },
};
const running = (done: number): FactsModelCheckStatus => ({
  phase: 'running',
  judge: JUDGE,
  done,
  total: 40,
  message: null,
  usage: {
    calls: done,
    judgedFacts: done * 2,
    cachedFacts: 4,
    dropped: 1,
    notJudged: 0,
    inputTokens: 500 * done,
    outputTokens: 100 * done,
    usd: 0.0001 * done,
  },
});

describe('Facts panel: check with your model', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'facts.figures': () => FIGURES,
      'facts.modelCheck.estimate': () => ESTIMATE,
      'facts.modelCheck.start': () => running(0),
      'facts.modelCheck.cancel': () => ({ ...running(12), phase: 'canceled' }),
    });
  });

  it('shows the estimate, starts on confirm, follows the progress and stops', async () => {
    render(<FactsPanel />);
    fireEvent.change(await screen.findByLabelText('Answers'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check with your model…' }));
    const estimate = await screen.findByRole('region', { name: 'Estimate' });
    expect(fake.callsTo('facts.modelCheck.estimate')).toEqual([{ days: 7 }]);
    expect(
      within(estimate).getByText(/95 facts in 38 answers \(4 facts already judged: free\)/),
    ).toBeInTheDocument();
    expect(within(estimate).getByText(/about \$0\.0066; budget \$5\.00/)).toBeInTheDocument();
    fireEvent.click(within(estimate).getByRole('button', { name: 'Send for about $0.0066' }));
    expect(
      await screen.findByText(/Checking: 0 of 40 answers judged by model:openai:gpt-4o-mini/),
    ).toBeInTheDocument();
    expect(fake.callsTo('facts.modelCheck.start')).toEqual([{ days: 7 }]);
    act(() => fake.emit('facts.modelCheck', running(12)));
    expect(screen.getByText(/Checking: 12 of 40 answers/)).toBeInTheDocument();
    expect(screen.getByText(/1 verdicts dropped \(their quote is not in the answer\)/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(/Stopped: 12 of 40 answers judged/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('cannot send an estimate over the budget, and says why', async () => {
    const over =
      'The estimate ($9.10 for 95 facts in 38 answers) is above the budget of $5.00: nothing was sent.';
    fake.handle('facts.modelCheck.estimate', () => ({ ...ESTIMATE, usd: 9.1, overBudget: over }));
    render(<FactsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check with your model…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(over);
    expect(screen.getByRole('button', { name: /^Send for about/ })).toBeDisabled();
  });

  it('names a missing judge as main refuses it', async () => {
    fake.handle('facts.modelCheck.estimate', () =>
      fail(
        'JUDGE_NOT_SET',
        'No model judge is set: choose a provider and a model in Settings → Positioning judge first.',
      ),
    );
    render(<FactsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check with your model…' }));
    expect(await screen.findByText(/No model judge is set/)).toBeInTheDocument();
  });

  it('says which verdicts the model gave, in words and per fact', async () => {
    render(<FactsPanel />);
    expect(
      await screen.findByText(/by your model judge model:openai:gpt-4o-mini \(29\)/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Veloxa: facts' });
    expect(within(table).getByRole('columnheader', { name: 'By your model' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /refund-policy/ })).toHaveTextContent('20931' + '29');
  });
});
