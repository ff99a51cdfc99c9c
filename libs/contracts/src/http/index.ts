export * from './auth';
export * from './sop';
export * from './account';
export * from './templates';
export * from './billing';
export * from './media';
export * from './image-edits';
export * from './extension';
export * from './generation';
export * from './capture';
export * from './workspaces';
export * from './sop-governance';

/** Every public route, so the gateway, the web client and the tests agree on paths (defined in ../constants, zod-free). */
export { apiRoutes } from '../constants';
