/**
 * The Chakra UI system: Chakra's defaults plus the `brand` palette built around the product's theme
 * colour #409EFF, usable as `colorPalette="brand"`, and fonts that include Traditional
 * Chinese faces. Light mode only for now.
 *
 * Shades: 50–400 mix #409EFF with white, 600–950 darken it. Like Chakra's own palettes, `solid` uses
 * the 600 step, because white text on #409EFF itself is 2.8:1 (below WCAG AA); #409EFF stays the
 * accent (focus ring, borders, illustrations).
 *
 * The settings drawer lets the admin pick another theme colour: `brandPalette` builds the same eleven
 * shades from any colour (600 darkened until white text on it reaches 4.5:1), and the layout writes
 * them over the `--chakra-colors-brand-*` variables at runtime, so every brand token follows.
 * Default size is "mini": buttons, inputs, selects, switches and tables default to small.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
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
  numberInputSlotRecipe,
  popoverSlotRecipe,
  progressCircleSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

export const THEME_COLOR = '#409EFF';
/** The swatches the settings drawer offers (the default first). */
export const THEME_PRESETS = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'] as const;

export const BRAND_SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;
export type BrandShade = (typeof BRAND_SHADES)[number];
export type BrandPalette = Record<BrandShade, string>;

const DEFAULT_PALETTE: BrandPalette = {
  50: '#ecf5ff',
  100: '#d9ecff',
  200: '#b3d8ff',
  300: '#8cc5ff',
  400: '#66b1ff',
  500: THEME_COLOR,
  600: '#1c73d4', // 4.8:1 with white
  700: '#185fae',
  800: '#144c8a',
  900: '#103a68',
  950: '#0b2646',
};

type Rgb = [number, number, number];

export function parseHexColor(value: string): Rgb | null {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, weightOfB: number): Rgb => a.map((c, i) => c + (b[i]! - c) * weightOfB) as Rgb;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [parseHexColor(a), parseHexColor(b)].map((rgb) => (rgb ? luminance(rgb) : 0)) as [number, number];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The eleven brand shades around `color` (the default palette for #409EFF, hand-tuned). */
export function brandPalette(color: string): BrandPalette {
  const base = parseHexColor(color);
  if (!base || toHex(base).toLowerCase() === THEME_COLOR.toLowerCase()) return { ...DEFAULT_PALETTE };
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  // 600 carries white text (`solid`): darken until it reads at 4.5:1, and never lighter than 500.
  let darken = 0.15;
  while (darken < 0.9 && contrastRatio(toHex(mix(base, black, darken)), '#ffffff') < 4.5) darken += 0.05;
  const step = (1 - darken) / 5;
  return {
    50: toHex(mix(base, white, 0.9)),
    100: toHex(mix(base, white, 0.8)),
    200: toHex(mix(base, white, 0.6)),
    300: toHex(mix(base, white, 0.4)),
    400: toHex(mix(base, white, 0.2)),
    500: toHex(base),
    600: toHex(mix(base, black, darken)),
    700: toHex(mix(base, black, darken + step)),
    800: toHex(mix(base, black, darken + 2 * step)),
    900: toHex(mix(base, black, darken + 3 * step)),
    950: toHex(mix(base, black, darken + 4 * step)),
  };
}

// Latin faces first (so Latin text keeps its bold weights), then Traditional Chinese faces.
const fallbackFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang TC", "Noto Sans TC", "Microsoft JhengHei", "WenQuanYi Micro Hei", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** A recipe of Chakra's with `size: 'sm'` as its default. */
function small<R extends { defaultVariants?: object }>(recipe: R): R {
  return { ...recipe, defaultVariants: { ...recipe.defaultVariants, size: 'sm' } };
}

/**
 * Chakra's default theme with only the recipes of the components this app renders: `defaultConfig`
 * holds all 80 (date pickers, carousels, colour pickers...) and they all travel with the first page,
 * about 14 KB gzipped (docs/performance.md). A component whose recipe is missing renders unstyled: add
 * its recipe here when you use a new kind of Chakra component (keys as in Chakra's theme).
 */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: small(buttonRecipe),
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: small(inputRecipe),
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: small(textareaRecipe),
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: small(nativeSelectSlotRecipe),
      numberInput: numberInputSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      progressCircle: progressCircleSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      switch: small(switchSlotRecipe),
      table: small(tableSlotRecipe),
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: `Inter, ${fallbackFonts}` },
        body: { value: `Inter, ${fallbackFonts}` },
      },
      colors: {
        brand: Object.fromEntries(BRAND_SHADES.map((shade) => [shade, { value: DEFAULT_PALETTE[shade] }])),
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          subtle: { value: '{colors.brand.100}' },
          muted: { value: '{colors.brand.200}' },
          emphasized: { value: '{colors.brand.300}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, theme, config);
