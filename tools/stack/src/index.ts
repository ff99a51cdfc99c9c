export * from './ports';
export * from './stack';
