export * from './schemas.ts';
export * from './rules.ts';
export * from './requests.ts';
export * from './contracts.ts';
export * from './forms.ts';
export * from './routes.ts';
