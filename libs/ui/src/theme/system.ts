import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', minHeight: '100%' },
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
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
