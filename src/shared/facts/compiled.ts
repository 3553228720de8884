import { FOUNDED, ROLES } from './lexicon';
import type { Fact } from './types';
import { foldPhrase, phraseSet } from './words';

// A fact's words compiled once per fact object (a sheet is read for every answer of a history):
// the words that start a claim and, for a place or a person, the words of the value itself.

export interface CompiledFact {
  /** The words that start a claim: the plan, the feature, the measure, the role… */
  trigger: RegExp | null;
  /** Place: the place and its other names; person: the full and the last name. */
  value: RegExp | null;
  /** Place: its names folded (to tell a name in another language); list: its items folded. */
  names: readonly string[];
}

const cache = new WeakMap<Fact, CompiledFact>();

function lastName(name: string): string[] {
  const parts = name.trim().split(/\s+/u);
  return parts.length > 1 ? [parts[parts.length - 1] as string] : [];
}

/** The sheet's words, else the key's ("free-plan" → "free plan"). */
function triggerWords(fact: Fact): string[] {
  return fact.words.length > 0 ? fact.words : [fact.key.replace(/[-_]/gu, ' ')];
}

function compile(fact: Fact): CompiledFact {
  switch (fact.kind) {
    case 'price':
      return { trigger: phraseSet(fact.words, true), value: null, names: [] };
    case 'year':
      return { trigger: phraseSet([...FOUNDED, ...fact.words], true), value: null, names: [] };
    case 'place':
      return {
        trigger: null,
        value: phraseSet([fact.value, ...fact.words]),
        names: [fact.value, ...fact.words].map(foldPhrase),
      };
    case 'person':
      return {
        trigger: phraseSet(fact.words.length > 0 ? fact.words : ROLES),
        value: phraseSet([fact.value, ...lastName(fact.value)]),
        names: [],
      };
    case 'list':
      return { trigger: phraseSet(triggerWords(fact), true), value: null, names: fact.value.map(foldPhrase) };
    case 'text':
      return { trigger: null, value: null, names: [] };
    case 'number':
    case 'yes-no':
      return { trigger: phraseSet(triggerWords(fact), true), value: null, names: [] };
  }
}

export function compiledFact(fact: Fact): CompiledFact {
  let c = cache.get(fact);
  if (c === undefined) {
    c = compile(fact);
    cache.set(fact, c);
  }
  return c;
}
