// Loaded on demand by `parallax outcomes` and `prompts suggest`: the outcomes room's errors only (no Google client).
export {
  GoogleConnectError,
  GoogleCredentialsError,
  GoogleSignInError,
  OutcomesImportError,
  OutcomesServiceError,
} from '../../core/outcomes';
