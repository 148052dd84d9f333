export * from './schemas.ts';
export * from './requests.ts';
export * from './rules.ts';
export * from './worldtracer.ts';
export * from './contracts.ts';
export * from './routes.ts';
