export {
  PROFILE_ENV,
  ProfileFileError,
  profileOfSettings,
  readProfileFile,
  resolveCliProfile,
  writeProfileFile,
} from './profile-file';
