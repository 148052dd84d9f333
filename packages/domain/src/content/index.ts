export * from './schemas.ts';
export * from './contracts.ts';
