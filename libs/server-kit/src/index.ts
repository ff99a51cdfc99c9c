export * from './config';
export * from './logger';
export * from './health';
export * from './redis-transport';
export * from './rpc';
export * from './database';
export * from './microservice';
export * from './object-storage';
