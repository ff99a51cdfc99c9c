// Everything in ./base (its own entry for the public pages), then the rest.
export * from './base';
export * from './chakra';
export { CardSkeletons } from './skeletons/CardSkeletons';
export { AppHeader } from './headers/AppHeader';
export { appNavItems } from './headers/nav-items';
export { PageFrame } from './layout/PageFrame';
export { SourceBadge } from './sop/SourceBadge';
export { stepCountLabel, formatDate, formatDateTime, sourceLabel } from './sop/format';
export { LogoField, type LogoFieldProps } from './branding/LogoField';
export { COMPANY_NAME_MAX, LOGO_ACCEPT, LOGO_NOTE, companyNameChanged, companyNameUpdate, companyNameValue } from './branding/company-branding';
export { SopStatusBadge, ReviewOverdueBadge, isReviewOverdue } from './sop/SopStatusBadge';
export { ConfirmDialog, type ConfirmDialogProps } from './dialogs/ConfirmDialog';
export { OneTimeLink, type OneTimeLinkProps } from './dialogs/OneTimeLink';
export { LoadErrorAlert } from './feedback/LoadErrorAlert';
