import { AppError } from '../../platform';
import { OutcomesServiceError } from '../../outcomes';
import type { HandlerModule } from './types';

// Prompts worth tracking in the Library: core.services.outcomes(), loaded at its first call.
// A suggestion or monitor that is gone (the list was read before the library or the imports
// changed) comes back as a field error the panel shows beside the action.

type Channels = 'suggestions.list' | 'suggestions.add' | 'suggestions.dismiss';

const GONE = {
  suggestion: { field: 'id', message: 'This suggestion is no longer offered: the list has been read again.' },
  monitor: { field: 'monitorId', message: 'This monitor no longer exists: choose another.' },
} as const;

function asAppError(error: unknown): unknown {
  if (!(error instanceof OutcomesServiceError) || error.missing === null) return error;
  const field = GONE[error.missing];
  return new AppError('SUGGESTION_NOT_FOUND', field.message, { fields: [{ ...field }] });
}

export const suggestionsHandlers: HandlerModule<Channels> = ({ outcomes }) => ({
  'suggestions.list': async ({ source, limit }) =>
    (await outcomes()).suggestPrompts({ limit, ...(source ? { source } : {}) }),
  'suggestions.add': async ({ id, topic, monitorId }) => {
    const service = await outcomes();
    try {
      return service.addSuggestion(
        id,
        monitorId !== undefined ? { monitorId } : { library: true, topics: topic ? [topic] : [] },
      );
    } catch (error) {
      throw asAppError(error);
    }
  },
  'suggestions.dismiss': async ({ id }) => {
    const service = await outcomes();
    try {
      return service.dismissSuggestion(id);
    } catch (error) {
      throw asAppError(error);
    }
  },
});
