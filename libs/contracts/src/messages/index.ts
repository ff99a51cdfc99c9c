export * from './define-message';
export * from './common';
export * from './auth.messages';
export * from './sop.messages';
export * from './media.messages';
export * from './billing.messages';
