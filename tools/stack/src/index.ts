export * from './ports';
export * from './stack';
export * from './supervisor';
export * from './postgres';
export * from './redis';
export * from './prometheus';
