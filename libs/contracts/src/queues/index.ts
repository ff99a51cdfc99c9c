export * from './define-job';
export * from './export.job';
export * from './generation.job';
export * from './credit-settlement.job';
