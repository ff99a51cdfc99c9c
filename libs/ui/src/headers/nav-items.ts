/** Navigation of authenticated pages, in the spec's order. */
export const appNavItems = [
  { label: 'My SOPs', to: '/dashboard' },
  { label: 'Templates', to: '/templates' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Billing', to: '/billing' },
  { label: 'Settings', to: '/settings/profile' },
] as const;
