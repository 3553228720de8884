// The key format check and mask live in src/shared (the renderer masks too); main code imports them from here.
export { API_KEY_ANYWHERE, API_KEY_PATTERN, isApiKeyFormat, maskApiKey } from '../../../shared/key-mask';
