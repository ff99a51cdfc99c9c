import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** A calm teal for actions and accents over Chakra's neutral grays: steady, not loud. */
const brand = {
  50: '#effaf8',
  100: '#d7f2ed',
  200: '#b0e4db',
  300: '#7fcfc3',
  400: '#4db3a6',
  500: '#2f978b',
  600: '#237a71',
  700: '#1f625c',
  800: '#1d4f4b',
  900: '#1b423f',
  950: '#0b2725',
};

/** Chakra's palettes whose default focus ring (their 500 shade) is too faint on white. */
const focusRingPalettes = ['gray', 'red', 'yellow', 'teal', 'blue', 'cyan', 'purple', 'pink'];

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', minHeight: '100%' },
    // A heading that receives focus after navigation shows it like any control does.
    '[tabindex="-1"]:focus-visible': { outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '2px' },
    // Motion is decoration: people who ask their system for less get none.
    '*, *::before, *::after': {
      '@media (prefers-reduced-motion: reduce)': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      colors: {
        brand: Object.fromEntries(Object.entries(brand).map(([shade, value]) => [shade, { value }])),
      },
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
      },
    },
    // The keys Chakra's recipes read when a component sets colorPalette="brand".
    semanticTokens: {
      colors: {
        // Focus rings and small text at WCAG AA: ≥ 3:1 for rings, ≥ 4.5:1 for text on light backgrounds.
        ...Object.fromEntries(focusRingPalettes.map((palette) => [palette, { focusRing: { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.300}` } } }])),
        // White text on a solid green or orange (a success toast, a badge) needs their 700 shade.
        green: { focusRing: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } }, solid: { value: '{colors.green.700}' } },
        orange: { focusRing: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } }, solid: { value: '{colors.orange.700}' } },
        fg: {
          subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
        },
      },
    },
  },
});

/**
 * Chakra's default theme (its `defaultConfig`) with the recipes of the components in
 * ../chakra.ts only: the default carries ~80 recipes, and every one of them would ship in the
 * shell. Tokens, text, layer and animation styles are the default's, whole. A component added
 * to chakra.ts whose recipe is missing here renders unstyled; the test beside this file checks
 * every recipe key the exported components read.
 */
/**
 * Chakra's solid button lightens on hover (the solid colour at 90 %), which takes white on the
 * brand teal from 5.1:1 to 4.2:1, under WCAG AA; it darkens instead, in every palette and mode.
 */
const solidHover = { bg: 'colorPalette.solid', filter: 'brightness(0.9)' };
const accessibleButtonRecipe = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    variant: {
      ...buttonRecipe.variants?.variant,
      solid: { ...buttonRecipe.variants?.variant?.solid, _hover: solidHover, _expanded: solidHover },
    },
  },
} as typeof buttonRecipe;

export const themeRecipes = {
  badge: badgeRecipe,
  button: accessibleButtonRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const themeSlotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  stat: statSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

/** What `defaultConfig` adds to `defaultBaseConfig` (Chakra's theme/index), less the unused recipes. */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes: themeRecipes, slotRecipes: themeSlotRecipes, textStyles, layerStyles, animationStyles },
});

export const system = createSystem(defaultBaseConfig, themeConfig, config);
