export * from './define-job';
