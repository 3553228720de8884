// The AI referrer catalogue and the classification of a session's source.

export { classifyReferrer, REFERRER_CATALOGUE, type AiReferrer, type ReferrerCatalogue } from './catalogue';
