export * from './panels.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './contracts.ts';
export * from './access.ts';
