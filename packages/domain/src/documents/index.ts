export * from './uses.ts';
