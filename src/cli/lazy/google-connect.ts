// Loaded on demand by `parallax outcomes connect|pull|disconnect`: Google's clients and the sign-in.
export { connectGoogle, disconnectGoogle, pullGoogle } from '../../core/outcomes';
