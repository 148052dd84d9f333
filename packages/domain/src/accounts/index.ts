export * from './schemas.ts';
export * from './support.ts';
export * from './staff.ts';
export * from './contracts.ts';
export * from './pages.ts';
export * from './routes.ts';
