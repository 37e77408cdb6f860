/**
 * The same story in Arabic: the texts, `<html lang="ar" dir="rtl">` and so the mirrored layout
 * (.storybook/preview.tsx reads `parameters.lang`). Its name starts with "Arabic", which shoots
 * it at a phone and a wide desktop width only (package.json `loki`, tests/visual/README.md).
 */
export function inArabic<S extends { parameters?: object }>(story: S, extra: Partial<S> = {}): S {
  return { ...story, ...extra, parameters: { ...story.parameters, ...(extra.parameters ?? {}), lang: 'ar_SA' } };
}
