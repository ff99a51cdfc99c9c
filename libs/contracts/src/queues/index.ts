export * from './define-job';
export * from './export.job';
