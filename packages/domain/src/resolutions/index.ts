export * from './schemas.ts';
export * from './config.ts';
export * from './rules.ts';
export * from './bag-rules.ts';
export * from './requests.ts';
export * from './contracts.ts';
export * from './texts.ts';
