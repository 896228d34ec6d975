/**
 * The colours a colour field offers as swatches, each with the i18n key of its name (`widgets.colours.<name>`), so a
 * swatch is named in words to a screen reader, in a form and in a list alike. Any other #rrggbb value is a colour of
 * the person's own.
 */
export const COLOUR_SWATCHES: ReadonlyArray<readonly [name: string, hex: string]> = [
  ['blue', '#1565c0'],
  ['teal', '#00838f'],
  ['green', '#388e3c'],
  ['orange', '#f57c00'],
  ['red', '#c62828'],
  ['pink', '#c2185b'],
  ['purple', '#7b1fa2'],
  ['brown', '#5d4037'],
  ['grey', '#546e7a'],
];

/** The i18n key naming a colour of the swatches, or null for a colour of one's own. */
export function colourNameKey(hex: string): string | null {
  const swatch = COLOUR_SWATCHES.find(([, value]) => value === hex.toLowerCase());
  return swatch ? `widgets.colours.${swatch[0]}` : null;
}
