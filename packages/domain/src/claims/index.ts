export * from './schemas.ts';
export * from './requests.ts';
export * from './rules.ts';
export * from './triggers.ts';
export * from './contracts.ts';
export * from './routes.ts';
