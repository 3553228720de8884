import type { EngineLabels } from '../narrative/places';
import type { AlertKind, AlertView } from './types';

// What the app needs to know about one kind of alert, besides how it is detected: its name, its
// default for new monitors, whether a digest shows it collapsed, its sentence and its
// statistics line, and how strong one alert of it is (to rank alerts of one severity).

/** The stored facts an alert's words are made from. */
export type AlertFacts = Pick<
  AlertView,
  'kind' | 'scope' | 'prompt' | 'engine' | 'loc' | 'brandName' | 'brandKind' | 'before' | 'after' | 'data'
>;

export interface AlertKindDef {
  kind: AlertKind;
  /** The kind's name in filters and settings ("Focus brand dropped out"). */
  label: string;
  /** On for monitors that never saved their rules. */
  defaultOn: boolean;
  /** Shown folded in a digest (sources and wording: worth a look, rarely the story). */
  collapsed: boolean;
  /** One plain sentence, ending in a full stop; engine labels from the profile in use. */
  title(a: AlertFacts, labels?: EngineLabels): string;
  /** The statistics behind the sentence (n, intervals, the test). */
  details(a: AlertFacts): string;
  /** How strong the change is, 0–1, to rank alerts of one severity. */
  effect(a: AlertFacts): number;
}
