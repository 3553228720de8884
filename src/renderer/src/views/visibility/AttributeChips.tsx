import type { AttributeStat } from '../../../../shared/positioning/view-types';
import { rateValue } from './format';

const SIGN: Record<AttributeStat['polarity'], string> = { positive: '+', negative: '−', neutral: '·' };

/**
 * The qualities the answers attach to a brand, most frequent first, each with its polarity (a
 * sign and a colour for the eye, the word for screen readers) and the share of the answers
 * naming the brand that carry it.
 */
export function AttributeChips({ attributes, name }: { attributes: AttributeStat[]; name: string }) {
  if (attributes.length === 0) return <span className="muted small">none found</span>;
  return (
    <ul className="pos-attrs" aria-label={`Qualities attached to ${name}`}>
      {attributes.map((a) => (
        <li
          key={a.text}
          className={`chip pos-attr pos-attr-${a.polarity}`}
          title={`${a.count} answers: ${a.positive} positive, ${a.negative} negative`}
        >
          <span aria-hidden="true" className="pos-attr-sign">
            {SIGN[a.polarity]}
          </span>
          {a.text} <span className="muted">{rateValue(a.share)}</span>
          <span className="visually-hidden">, {a.polarity}</span>
        </li>
      ))}
    </ul>
  );
}
