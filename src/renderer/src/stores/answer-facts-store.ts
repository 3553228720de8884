import type { ResultFacts } from '../../../shared/facts/types';
import { call } from '../ipc/client';
import { createAnswerCache } from './answer-cache';

/** Each answer's checked facts for Compare: the verdicts with their quotes and offsets. */
export const useAnswerFactsStore = createAnswerCache<ResultFacts>((resultIds) =>
  call('facts.results', { resultIds }),
);
