import { runLocations, type RunSpec } from '../../../shared/domain/run-spec';
import type { NewJob } from './types';

/** Every job of a run: prompt × engine × country/state × repeat, in that order. */
export function buildJobGrid(
  spec: Pick<RunSpec, 'prompts' | 'engines' | 'countries' | 'states' | 'repeats'>,
): NewJob[] {
  const jobs: NewJob[] = [];
  const locations = runLocations(spec);
  spec.prompts.forEach((_prompt, promptIndex) => {
    for (const engine of spec.engines) {
      for (const { country, state } of locations) {
        for (let repeat = 1; repeat <= spec.repeats; repeat++) {
          jobs.push({ promptIndex, engine, country, state, repeat });
        }
      }
    }
  });
  return jobs;
}
