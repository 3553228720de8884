export { AppError } from './app-error';
