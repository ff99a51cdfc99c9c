/**
 * The one font stack of HTML and PDF exports. Its first choice is installed wherever
 * Sopwright prints PDFs (the export image and `npm start`'s prerequisites): Liberation
 * Sans 2 covers accented Latin, Greek and Cyrillic with Arial's metrics, so a page
 * breaks the same way in a reader's browser that has Arial instead. Chromium falls
 * back per glyph: DejaVu Sans for other symbols, WenQuanYi Micro Hei for Chinese,
 * Japanese and Korean (a TrueType face, which Chromium embeds as such; it has no bold, so
 * bold CJK text is drawn emboldened). Readers' own CJK fonts come after it.
 */
export const exportFontStack =
  '"Liberation Sans", Arimo, Arial, "Helvetica Neue", "DejaVu Sans", "WenQuanYi Micro Hei", "Noto Sans CJK JP", "PingFang SC", "Microsoft YaHei", sans-serif';
