export * from './fields.ts';
export * from './schemas.ts';
export * from './payments.ts';
export * from './contracts.ts';
export * from './flow.ts';
export * from './routes.ts';
