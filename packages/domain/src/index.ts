export * from './errors.ts';
export * from './constants.ts';
export * from './partner-config.ts';
