export * from './errors.ts';
export * from './constants.ts';
export * from './partner-config.ts';
export * from './rules/index.ts';
export * from './i18n/index.ts';
export * from './schemas/support.ts';
export * from './schemas/accounts.ts';
