export * from './api';
export * from './archive';
export * from './engine';
export * from './service';
