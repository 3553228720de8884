import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RunBoardView } from '../../../src/renderer/src/views/run-board/RunBoardView';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { installFakeParallax, sampleCells, sampleRun } from './fake-parallax';
import { resetStores } from './reset-stores';

// The run view's credits include what the service charged for answers that never arrived
// (a killed run, reconciled from the balance at resume), labelled as such; a session whose
// charge the balance could not attribute is said, not hidden.

describe('Run view: credits charged without a result', () => {
  beforeEach(() => {
    resetStores();
    useNavStore.setState({ runId: 'run-1', view: 'run' });
  });

  it('adds them to the credits spent and labels them', async () => {
    installFakeParallax({
      'runs.get': (i) => ({
        ...sampleRun(i.runId, 'completed'),
        creditsUnreceived: 35,
        creditsUnattributable: 0,
      }),
      'runs.progress': () => null,
      'runs.matrix': () => sampleCells(),
    });
    render(<RunBoardView />);
    expect(await screen.findByTestId('credits-unreceived')).toHaveTextContent(
      /^35 \(answers that never arrived/,
    );
    // 15 recorded with results + 35 charged without one.
    expect(screen.getByText(/^50 of max/)).toBeInTheDocument();
    expect(screen.queryByTestId('credits-unattributable')).toBeNull();
  });

  it('says when a cut session could not be attributed', async () => {
    installFakeParallax({
      'runs.get': (i) => ({
        ...sampleRun(i.runId, 'completed'),
        creditsUnreceived: 0,
        creditsUnattributable: 1,
      }),
      'runs.progress': () => null,
      'runs.matrix': () => sampleCells(),
    });
    render(<RunBoardView />);
    expect(await screen.findByTestId('credits-unattributable')).toHaveTextContent(/may miss credits/);
    expect(screen.queryByTestId('credits-unreceived')).toBeNull();
    expect(screen.getByText(/^15 of max/)).toBeInTheDocument();
  });
});
