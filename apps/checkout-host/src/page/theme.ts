// The page's look from its parameters: `color` (the published SDK's 'white' | 'black' page), then `theme`
// (primary, background, backgroundAccent, textColor, style) over it, and `loaderBackground` behind the loading
// text. Colours must be CSS colours; one that is not is refused by name rather than half-applied.
import type { CheckoutQuery } from '@store/checkout-sdk/wire';
import type { Refusal } from './params.ts';

const RADII = { rounded: '8px', sharp: '0', pill: '999px' } as const;
/** The page's colours for `color`: its background and text. */
const SCHEMES = {
  white: { '--bg': '#ffffff', '--text': '#18181b', '--accent': '#f4f4f5' },
  black: { '--bg': '#000000', '--text': '#fafafa', '--accent': '#27272a' },
} as const;
const THEME_VARIABLES = [
  ['primary', '--primary'],
  ['background', '--bg'],
  ['backgroundAccent', '--accent'],
  ['textColor', '--text'],
] as const;

/** Applies the look to `root` (the document element's style); returns what it refused. */
export function applyLook(params: CheckoutQuery, root: CSSStyleDeclaration): Refusal[] {
  const refusals: Refusal[] = [];
  /** `name` is the parameter (theme.primary names its theme key); the refusal's field is the parameter. */
  const colour = (name: string, value: string | undefined): string | null => {
    if (value === undefined) return null;
    if (CSS.supports('color', value)) return value;
    refusals.push({ field: name.split('.')[0]!, message: `${name}: ${value} is not a CSS colour; it is not applied.` });
    return null;
  };
  if (params.color) for (const [variable, value] of Object.entries(SCHEMES[params.color])) root.setProperty(variable, value);
  const theme = params.theme;
  if (theme) {
    for (const [key, variable] of THEME_VARIABLES) {
      const value = colour(`theme.${key}`, theme[key]);
      if (value) root.setProperty(variable, value);
    }
    if (theme.style) root.setProperty('--radius', RADII[theme.style]);
  }
  const loader = colour('loaderBackground', params.loaderBackground);
  if (loader) root.setProperty('--loader-bg', loader);
  return refusals;
}
