/**
 * '@sopwright/ui/base': what the shell's public pages paint first (the landing page, its
 * header, the toaster) and the Chakra system. It is a federation singleton of its own, so the
 * landing page does not load the rest of the library and the Chakra parts only signed-in pages
 * use; the main entry re-exports all of it (the same modules, one Chakra, one toaster).
 */
export * from './chakra-base';
export { system } from './theme/system';
export { toaster, TOAST_DURATION_MS } from './toast/toast-store';
export { notify, type ToastVariant } from './toast/notify';
export { Toaster } from './toast/Toaster';
export { PublicHeader } from './headers/PublicHeader';
export { BrandLogo } from './headers/BrandLogo';
export { SkipLink, MAIN_CONTENT_ID } from './a11y/SkipLink';
export { HEADER_HEIGHT_VAR } from './headers/HeaderBar';
export { focusMainHeading } from './a11y/focus-main-heading';
