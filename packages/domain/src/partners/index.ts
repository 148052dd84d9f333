export * from './config.ts';
export * from './contracts.ts';
export * from './offers.ts';
