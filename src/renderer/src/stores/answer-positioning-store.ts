import type { ResultPositioning } from '../../../shared/positioning/view-types';
import { call } from '../ipc/client';
import { createAnswerCache } from './answer-cache';

/** Each answer's positioning for Compare: every brand's status, tone, evidence and attributes. */
export const useAnswerPositioningStore = createAnswerCache<ResultPositioning>((resultIds) =>
  call('positioning.results', { resultIds }),
);
