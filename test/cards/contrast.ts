/**
 * WCAG 2.2 contrast of the text colours a card asks for, in a host's theme: every TextBlock, TextRun and
 * FactSet cell, its colour and subtlety resolved through the host config the way the adaptivecards
 * renderer does (the nearest container style's foreground colours, the built-in default for any colour
 * the host leaves out), over the nearest container style that paints a background.
 */
import { AdaptiveCards } from './adaptiveCards';
import type { HostTheme } from './hostThemes';
import { walkElements, type Json } from './helpers';

/** WCAG 2.2 AA, success criterion 1.4.3, for text below 18.66 px bold or 24 px. */
export const AA_TEXT = 4.5;

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const NAMED: Record<string, string> = { white: '#FFFFFF', black: '#000000', transparent: '#00000000' };

/** `#RGB`, `#RRGGBB`, Adaptive Cards' `#AARRGGBB` (alpha first) or a CSS name Web Chat uses. */
function parseColour(value: string): Rgba {
  const hex = (NAMED[value.toLowerCase()] ?? value).replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^([0-9a-f]{6}|[0-9a-f]{8})$/i.test(full)) throw new Error(`not a colour: ${value}`);
  const byte = (at: number) => parseInt(full.slice(at, at + 2), 16);
  return full.length === 8
    ? { a: byte(0) / 255, r: byte(2), g: byte(4), b: byte(6) }
    : { a: 1, r: byte(0), g: byte(2), b: byte(4) };
}

/** A translucent colour as it shows over an opaque one. */
function over(top: Rgba, below: Rgba): Rgba {
  const mix = (f: number, b: number) => top.a * f + (1 - top.a) * b;
  return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b), a: 1 };
}

/** WCAG 2.2 relative luminance. */
function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio of a (possibly translucent) text colour over a background, itself over the canvas. */
export function contrastRatio(foreground: string, background: string, canvas = '#FFFFFF'): number {
  const back = over(parseColour(background), parseColour(canvas));
  const [l1, l2] = [luminance(over(parseColour(foreground), back)), luminance(back)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

export interface ColourUse {
  /** Container style the text sits in, its colour name and subtlety: `warning: attention (subtle)`. */
  what: string;
  foreground: string;
  background: string;
  ratio: number;
}

type StyleDefinition = {
  backgroundColor?: string;
  foregroundColors: Record<string, { default: string; subtle: string }>;
};

/** Every distinct text colour use of the cards, in one theme. */
export function colourUses(cards: Json[], theme: HostTheme): ColourUse[] {
  const host = new AdaptiveCards.HostConfig(theme.hostConfig);
  const style = (name: string) => host.containerStyles.getStyleByName(name) as unknown as StyleDefinition;
  const factSet = theme.hostConfig.factSet as { title?: Json; value?: Json } | undefined;
  const uses = new Map<string, ColourUse>();

  const use = (styles: string[], colour: unknown, subtle: unknown) => {
    const name = (typeof colour === 'string' ? colour : 'default').toLowerCase();
    const here = styles[styles.length - 1];
    const colours = style(here).foregroundColors[name] ?? style(here).foregroundColors.default;
    const foreground = subtle === true ? colours.subtle : colours.default;
    // The nearest style that paints a background; the default style of Web Chat paints none.
    const background =
      [...styles]
        .reverse()
        .map((s) => style(s).backgroundColor)
        .find(Boolean) ?? theme.canvas;
    const what = `${here}: ${name}${subtle === true ? ' (subtle)' : ''}`;
    uses.set(what, { what, foreground, background, ratio: contrastRatio(foreground, background, theme.canvas) });
  };

  for (const card of cards) {
    walkElements(card, (element, styles) => {
      if (element.type === 'TextBlock' || element.type === 'TextRun') use(styles, element.color, element.isSubtle);
      if (element.type === 'RichTextBlock')
        for (const inline of (element.inlines as unknown[]) ?? [])
          if (typeof inline === 'string') use(styles, 'default', false);
      if (element.type === 'FactSet')
        for (const cell of [factSet?.title, factSet?.value]) use(styles, cell?.color, cell?.isSubtle);
    });
  }
  return [...uses.values()].sort((a, b) => a.what.localeCompare(b.what));
}
