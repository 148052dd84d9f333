export * from './schemas.ts';
export * from './rules.ts';
export * from './contracts.ts';
export * from './routes.ts';
