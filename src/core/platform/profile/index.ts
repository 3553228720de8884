export { ProfileFileError, readProfileFile, writeProfileFile } from './profile-file';
export {
  BUILTIN_NAMES_TEXT,
  PROFILE_ENV,
  builtinIdOfRef,
  builtinInUse,
  profileChosen,
  profileInUseOfSettings,
  profileOfSettings,
  engineLabelsOfSettings,
  resolveCliProfile,
  resolveCliProfileInUse,
  resolveProfileRef,
  type ProfileInUse,
  type ProfileSettings,
} from './in-use';
