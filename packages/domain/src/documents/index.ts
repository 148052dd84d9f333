export * from './uses.ts';
export * from './contracts.ts';
