export * from './ports';
export * from './stack';
export * from './supervisor';
