import { CATEGORIES, LOCAL_STEMS } from '../catalog';
import { entrantNameForms } from '../entrants';
import type { Lang } from '../locales';
import {
  attributeByPhrase,
  LANGS,
  splitPhrases,
  writtenAttribute,
  type WrittenAttribute,
} from './attributes';
import { introOf, TEXTS } from './texts';
import {
  PAIR_FIRST,
  PAIR_SECOND,
  SHAPES,
  UNIT_IDS,
  UNITS,
  type Shape,
  type TemplateId,
  type UnitForm,
} from './units';
import { makeSlot, stripEmphasis, type WrittenSlot, type WrittenUnit } from './written';

// Reads back, from an answer's text alone (Markdown or plain, as an engine returned it), the
// units the sandbox wrote: the intro says the language and shape (and that the text is a
// sandbox answer at all); each list item, table row and sentence after it is matched against
// that language's templates, and a match counts only when every placeholder holds what the
// sandbox writes there (a catalog brand, known qualities of the right polarity, a how-to
// step). Stateless and deterministic: what the sandbox's chat endpoint answers from.

interface Compiled {
  id: TemplateId;
  form: UnitForm;
  markdown: RegExp;
  text: RegExp;
  /** Per capture group: which brand slot (0 or 1) and which placeholder. */
  groups: ReadonlyArray<{ slot: number; kind: 'b' | 'a' | 'x' | 's' }>;
}

const PLACEHOLDER = /\{([baxs])\}/g;
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A template as a regular expression: a how-to step is one of the language's steps, any other
 * placeholder the shortest text before what follows it (checked afterwards: see slotsOf).
 */
function pattern(parts: ReadonlyArray<{ template: string; slot: number }>, plain: boolean, steps: string) {
  const groups: Array<{ slot: number; kind: 'b' | 'a' | 'x' | 's' }> = [];
  let source = '';
  for (const { template, slot } of parts) {
    const t = plain ? stripEmphasis(template) : template;
    let last = 0;
    for (const m of t.matchAll(PLACEHOLDER)) {
      source += escape(t.slice(last, m.index)) + (m[1] === 's' ? `(${steps})` : '(.+?)');
      groups.push({ slot, kind: m[1] as 'b' | 'a' | 'x' | 's' });
      last = (m.index ?? 0) + m[0].length;
    }
    source += escape(t.slice(last));
  }
  return { regex: new RegExp(`^${source}$`, 'u'), groups };
}

function compile(lang: Lang): Compiled[] {
  const texts = TEXTS[lang];
  const steps = texts.steps.map(escape).join('|');
  const build = (
    id: TemplateId,
    form: UnitForm,
    parts: Array<{ template: string; slot: number }>,
  ): Compiled => {
    const md = pattern(parts, false, steps);
    return { id, form, markdown: md.regex, text: pattern(parts, true, steps).regex, groups: md.groups };
  };
  const out: Compiled[] = [];
  for (const id of UNIT_IDS) {
    const form = UNITS[id].form;
    if (form === 'pair1' || form === 'pair2') continue;
    out.push(build(id, form, [{ template: texts.units[id], slot: 0 }]));
  }
  for (const a of PAIR_FIRST)
    for (const b of PAIR_SECOND)
      out.push(
        build(`${a}+${b}`, 'pair1', [
          { template: texts.units[a] + texts.pairJoin, slot: 0 },
          { template: texts.units[b], slot: 1 },
        ]),
      );
  return out;
}

const compiled = new Map<Lang, Compiled[]>();
function templatesOf(lang: Lang): Compiled[] {
  let list = compiled.get(lang);
  if (!list) {
    list = compile(lang);
    compiled.set(lang, list);
  }
  return list;
}

const INTROS: ReadonlyArray<{ lang: Lang; shape: Shape; regex: RegExp }> = LANGS.flatMap((lang) =>
  SHAPES.map((shape) => {
    const source = escape(introOf(lang, shape)).replace(/\\\{(?:cat|country)\\\}/g, '(.+?)');
    return { lang, shape, regex: new RegExp(`^${source}$`, 'u') };
  }),
);

let names: Set<string> | null = null;
let lines: string[] = [];
/** The catalog or newcomer name a brand label starts with ("Veloxa" for "Veloxa Tempo Elite"), or null. */
function nameOfLabel(label: string): string | null {
  if (!names) {
    const local = Object.values(LOCAL_STEMS).flatMap((stems) =>
      stems.flatMap((s) => CATEGORIES.map((c) => `${s} ${c.localSuffix}`)),
    );
    names = new Set([...CATEGORIES.flatMap((c) => c.global), ...local, ...entrantNameForms()]);
    lines = [...new Set(CATEGORIES.flatMap((c) => c.lines))];
  }
  if (names.has(label)) return label;
  for (const line of lines) {
    if (!label.endsWith(` ${line}`)) continue;
    const name = label.slice(0, -line.length - 1);
    if (names.has(name)) return name;
  }
  return null;
}

const ITEM = /^(?:\d{1,3}\. |- )/u;
/** A Markdown citation after a list item: " ([domain](url))" (the URL may hold brackets). */
const CITATION = / \(\[[^\]]*\]\(.*\)\)$/u;

interface Candidate {
  text: string;
  start: number;
  forms: readonly UnitForm[];
}

/** Sentences of a prose line: each ends at ".", "!" or "?" before a space or the line's end, or at "。". */
function sentences(line: string, offset: number): Candidate[] {
  const out: Candidate[] = [];
  let from = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const next = line[i + 1];
    if (c !== '。' && !((c === '.' || c === '!' || c === '?') && (next === undefined || next === ' ')))
      continue;
    out.push({ text: line.slice(from, i + 1), start: offset + from, forms: ['lead', 'news', 'pair1'] });
    from = i + 1;
    while (line[from] === ' ') from++;
    i = from - 1;
  }
  if (from < line.length)
    out.push({ text: line.slice(from), start: offset + from, forms: ['lead', 'news', 'pair1'] });
  return out;
}

function candidates(text: string, from: number): Candidate[] {
  const out: Candidate[] = [];
  let offset = from;
  for (const line of text.slice(from).split('\n')) {
    const marker = ITEM.exec(line);
    if (marker) {
      const body = line.slice(marker[0].length).replace(CITATION, '');
      out.push({ text: body, start: offset + marker[0].length, forms: ['item', 'step'] });
    } else if (line.startsWith('| ')) out.push({ text: line, start: offset, forms: ['row'] });
    else out.push(...sentences(line, offset));
    offset += line.length + 1;
  }
  return out;
}

function attributesIn(lang: Lang, value: string, kind: 'a' | 'x', form: UnitForm): WrittenAttribute[] | null {
  if (value === '—') return form === 'row' ? [] : null;
  const out: WrittenAttribute[] = [];
  for (const phrase of splitPhrases(lang, value)) {
    const a = attributeByPhrase(lang, phrase);
    if (!a || (kind === 'a') !== (a.polarity !== 'negative')) return null;
    out.push(writtenAttribute(a, lang));
  }
  return out;
}

/** The unit a candidate is, if one template of the language reads it completely. */
function readUnit(lang: Lang, c: Candidate): WrittenUnit | null {
  const markdown = c.text.includes('**');
  for (const t of templatesOf(lang)) {
    if (!c.forms.includes(t.form)) continue;
    const m = (markdown ? t.markdown : t.text).exec(c.text);
    if (!m) continue;
    const slots = slotsOf(lang, t, m);
    if (slots) return { template: t.id, text: c.text, start: c.start, end: c.start + c.text.length, slots };
  }
  return null;
}

function slotsOf(lang: Lang, t: Compiled, m: RegExpExecArray): WrittenSlot[] | null {
  const parts: Array<{ label: string; name: string; a: WrittenAttribute[]; x: WrittenAttribute[] }> = [];
  for (const [i, g] of t.groups.entries()) {
    const value = m[i + 1] as string;
    const part = (parts[g.slot] ??= { label: '', name: '', a: [], x: [] });
    if (g.kind === 's') {
      if (!TEXTS[lang].steps.includes(value)) return null;
    } else if (g.kind === 'b') {
      const name = nameOfLabel(value);
      if (name === null) return null;
      part.label = value;
      part.name = name;
    } else {
      const attrs = attributesIn(lang, value, g.kind, t.form);
      if (attrs === null) return null;
      part[g.kind] = attrs;
    }
  }
  return parts.map((p, i) => makeSlot(t.id, i, p.label, p.name, [...p.a, ...p.x]));
}

export interface RecoveredAnswer {
  lang: Lang;
  shape: Shape;
  units: WrittenUnit[];
}

/** The units a sandbox answer wrote, read from its text; null when the text is not a sandbox answer. */
export function recoverUnits(text: string): RecoveredAnswer | null {
  const end = text.indexOf('\n\n');
  const intro = end < 0 ? text : text.slice(0, end);
  const hit = INTROS.find((i) => i.regex.test(intro));
  if (!hit || end < 0) return null;
  const units: WrittenUnit[] = [];
  for (const c of candidates(text, end + 2)) {
    const unit = readUnit(hit.lang, c);
    if (unit) units.push(unit);
  }
  return { lang: hit.lang, shape: hit.shape, units };
}
