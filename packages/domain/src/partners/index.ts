export * from './config.ts';
export * from './contracts.ts';
