export * from './config.ts';
export * from './contracts.ts';
export * from './contrast.ts';
export * from './offers.ts';
export * from './webhooks.ts';
