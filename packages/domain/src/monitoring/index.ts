export * from './schemas.ts';
export * from './contracts.ts';
export * from './routes.ts';
