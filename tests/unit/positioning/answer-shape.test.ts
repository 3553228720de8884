import { describe, expect, it } from 'vitest';
import { judgeNamed } from '../../support/positioning-cases';

// What the judge reads from an answer's shape rather than its words: the foil beside a
// recommended brand, customers' reports and recent-change frames, listed items sharing their
// polarity, a bold opening or closing verdict, brands compared line by line, and the described
// other brand of a two-brand answer (docs/internals/positioning-judge.md, "Judge version 8").
// Each answer is written for this test, none is taken from the labelled set; the guards pin what
// these readings must leave alone (a trade-off, a report with praise, a warning label, a bare fact).

describe('the foil beside a recommended brand', () => {
  it('cautions a brand with one failure and nothing for it when another is recommended', () => {
    expect(
      judgeNamed(
        'For a small kitchen, Boilwell is a good choice. The Steamo kettle stalls before the water boils.',
        ['Boilwell', 'Steamo'],
      ),
    ).toMatchObject({ boilwell: 'recommended positive', steamo: 'cautioned negative' });
  });

  it('leaves a quality (a trade-off, not a failure) mentioned', () => {
    expect(
      judgeNamed('For wide feet, Trailfit is a good choice. Pacesole shoes run narrow.', [
        'Trailfit',
        'Pacesole',
      ]),
    ).toMatchObject({ pacesole: 'mentioned negative' });
  });
});

describe('frames a problem report is told in', () => {
  it('reads customers’ reports as blame in a clause with no praise', () => {
    expect(
      judgeNamed(
        'Varios clientes cuentan que Mueblix entregó el sofá con dos semanas de retraso y sin las patas. Otros usuarios relatan que nadie contesta en la tienda.',
        ['Mueblix'],
        'es',
      ),
    ).toEqual({ mueblix: 'cautioned negative' });
  });

  it('does not read a report with praise in it as blame', () => {
    expect(judgeNamed('Customers say Bakewell is reliable and cheap.', ['Bakewell'])).toEqual({
      bakewell: 'mentioned positive',
    });
  });

  it('reads a recent change and the items listed with it as problems', () => {
    expect(
      judgeNamed(
        'Gymflow hat Studios in zwölf Städten. In den letzten Monaten fallen Kurse kurzfristig aus, Duschen bleiben kalt, und Trainer wechseln ständig.',
        ['Gymflow'],
        'de',
      ),
    ).toEqual({ gymflow: 'cautioned negative' });
  });
});

describe('a bold opening or closing verdict', () => {
  it('makes the brand of a bold lead that opens the answer its pick', () => {
    expect(
      judgeNamed(
        '**Short version:** get the Brewmate.\n\nBoth grinders are quiet. Grindo is smaller, the Brewmate grinds finer for espresso.',
        ['Brewmate', 'Grindo'],
      ),
    ).toMatchObject({ brewmate: 'top positive' });
  });

  it('does not take a warning label for a verdict', () => {
    expect(
      judgeNamed(
        'Linkio and Routa both cover the city.\n\n**Not recommended:** Routa, whose routers were recalled.',
        ['Linkio', 'Routa'],
      ),
    ).toMatchObject({ routa: 'cautioned negative' });
  });
});

describe('brands compared line by line', () => {
  it('gives advice, so the brand spoken well of is recommended', () => {
    expect(
      judgeNamed('Cleanbot: quiet, reliable, empties itself.\nDustix: sold out until spring.', [
        'Cleanbot',
        'Dustix',
      ]),
    ).toMatchObject({ cleanbot: 'recommended positive', dustix: 'mentioned neutral' });
  });
});

describe('the other brand of a two-brand answer', () => {
  const runDown =
    'Parcelo is cheap, but parcels go missing and refunds crash for weeks. Customers report lost parcels every month.';

  it('recommends the brand described after the one run down, with no praise word', () => {
    expect(
      judgeNamed(
        `${runDown} Shipwise collects from your door at a time you choose and sends a photo when the parcel is handed over.`,
        ['Parcelo', 'Shipwise'],
      ),
    ).toMatchObject({ parcelo: 'cautioned negative', shipwise: 'recommended positive' });
  });

  it('leaves a bare fact or a statement of parity mentioned', () => {
    expect(judgeNamed(`${runDown} Shipwise ships to Spain.`, ['Parcelo', 'Shipwise'])).toMatchObject({
      shipwise: 'mentioned neutral',
    });
    expect(
      judgeNamed(
        `${runDown} Shipwise delivers to the same postcodes on the same days of the week as the other courier.`,
        ['Parcelo', 'Shipwise'],
      ),
    ).toMatchObject({ shipwise: 'mentioned neutral' });
  });
});
