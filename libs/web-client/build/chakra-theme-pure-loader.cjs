// Chakra's theme entry ('@chakra-ui/react/theme') builds its whole default theme at load time,
// `const defaultThemeConfig = defineConfig({ ... recipes, slotRecipes ... })`, without a pure
// annotation, so importing only tokens and a few recipes from it (libs/ui/src/theme/system.ts)
// would still ship all ~80 recipes. Marking that call pure lets webpack drop it, and with it
// the recipes nobody names, when defaultThemeConfig itself is unused.
const unannotated = 'const defaultThemeConfig = defineConfig(';

module.exports = function chakraThemePureLoader(source) {
  if (!source.includes(unannotated)) {
    this.emitWarning(new Error(`'${unannotated}' not found: Chakra's theme entry changed, so its unused recipes ship (see ${__filename})`));
    return source;
  }
  return source.replace(unannotated, 'const defaultThemeConfig = /* @__PURE__ */ defineConfig(');
};
