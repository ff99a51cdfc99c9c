export * from './errors';
export * from './http';
export * from './messages';
export * from './queues';
