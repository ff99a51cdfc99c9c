export * from './define-message';
export * from './auth.messages';
