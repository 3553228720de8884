import { daysFrom, PERIOD, type FixtureAnswer } from './fixture';

// The drift fixture: 2 engines × 2 locations, 4 answers a day in each cell, 10 days before and
// 10 after. Before, everywhere: Veloxa named in 3 of 4 answers (rank 1), Fleetfoot in 1 of 4
// (rank 2), Stridex in 2 of 4 (rank 3); veloxa.de cited in half of Germany's Assistant A answers.
// After, in Germany on Assistant A only: Veloxa named in 12 of 40 answers, Fleetfoot in 30 of 40,
// and veloxa.de cited on the first three days only (stops on Nov 4). In the US on Assistant B,
// Veloxa goes from recommended in every answer naming it to recommended in 1 of 3.

const CELLS = [
  { engine: 'assistant-a', loc: 'DE' },
  { engine: 'assistant-a', loc: 'US' },
  { engine: 'assistant-b', loc: 'DE' },
  { engine: 'assistant-b', loc: 'US' },
];

export function driftHistory(): FixtureAnswer[] {
  const answers: FixtureAnswer[] = [];
  const days = [...daysFrom(PERIOD.previous.from), ...daysFrom(PERIOD.from)];
  days.forEach((day, d) => {
    const after = day >= PERIOD.from;
    const dayOfPeriod = after ? d - 10 : d;
    for (const cell of CELLS) {
      const drifted = after && cell.engine === 'assistant-a' && cell.loc === 'DE';
      const souring = after && cell.engine === 'assistant-b' && cell.loc === 'US';
      for (let j = 0; j < 4; j++) {
        const veloxa = drifted ? j === 0 || (j === 1 && dayOfPeriod < 2) : j < 3;
        const fleetfoot = drifted ? j >= 1 : j === 3;
        const named: FixtureAnswer['named'] = [];
        if (veloxa)
          named.push({
            brandId: 'veloxa',
            rank: 1,
            status: souring && j > 0 ? 'mentioned' : 'recommended',
            tone: 0,
          });
        if (fleetfoot) named.push({ brandId: 'fleetfoot', rank: 2 });
        if (j % 2 === 0) named.push({ brandId: 'stridex', rank: 3 });
        const citesDe =
          cell.engine === 'assistant-a' && cell.loc === 'DE' && j < 2 && (!after || dayOfPeriod < 3);
        answers.push({
          id: `${day}-${cell.engine}-${cell.loc}-${j}`,
          day,
          ...cell,
          named,
          cited: [...(citesDe ? ['veloxa.de'] : []), 'wiki.example.org'],
        });
      }
    }
  });
  return answers;
}
