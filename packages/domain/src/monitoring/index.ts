export * from './schemas.ts';
export * from './contracts.ts';
export * from './routes.ts';
export * from './identifiers.ts';
export * from './severity.ts';
export * from './action-plans.ts';
export * from './card-number.ts';
