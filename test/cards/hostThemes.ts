/**
 * The host configs our cards are shown with: Web Chat's default theme and Teams' light and dark themes,
 * with the colours each publishes. Used to measure contrast (contrast.ts) and to render cards the way
 * those hosts do (cardLayout.test.ts). The adaptivecards library fills any colour a host config leaves out
 * with its own built-in default, so a theme here lists only what the host itself sets.
 */

export interface HostTheme {
  name: string;
  /** What shows behind a container style that has no backgroundColor (Web Chat's bubble). */
  canvas: string;
  /** An Adaptive Cards host config, as the host passes it to the renderer. */
  hostConfig: Record<string, unknown>;
}

/**
 * Web Chat 4.18.1, its defaults: botframework-webchat/src/adaptiveCards/Styles/adaptiveCardHostConfig.ts
 * fills in bubbleTextColor 'Black', subtle '#767676' and accent '#0063B1' from
 * botframework-webchat-api/src/defaultStyleOptions.ts, and cardEmphasisBackgroundColor '#F9F9F9' from
 * botframework-webchat/src/adaptiveCards/defaultStyleOptions.ts. The default container style has no
 * background: the card shows on the bubble, bubbleBackground 'White'. The four coloured container styles
 * set only their default text colour; good, warning, attention and accent text inside them come from
 * the adaptivecards built-ins (#028A02, #E69500, #CC3300, #2E89FC), which is what made the old pills fail.
 */
const foreground = (fg: string, subtle: string) => ({ default: { default: fg, subtle } });
export const WEB_CHAT: HostTheme = {
  name: 'Web Chat default',
  canvas: 'White',
  hostConfig: {
    containerStyles: {
      default: {
        foregroundColors: {
          default: { default: 'Black', subtle: '#767676' },
          accent: { default: '#0063B1', subtle: '#0078D4' },
          attention: { default: '#D13438', subtle: '#A4262C' },
          dark: { default: '#000000', subtle: '#646464' },
          good: { default: '#0B6A0B', subtle: '#028A02' },
          light: { default: '#FFFFFF', subtle: '#767676' },
          warning: { default: '#B75C00', subtle: '#986F0B' },
        },
      },
      emphasis: { backgroundColor: '#F9F9F9', foregroundColors: foreground('#000000', '#484644') },
      accent: { backgroundColor: '#C7DEF9', foregroundColors: foreground('#333333', '#484644') },
      good: { backgroundColor: '#CCFFCC', foregroundColors: foreground('#333333', '#484644') },
      attention: { backgroundColor: '#FFC5B2', foregroundColors: foreground('#333333', '#484644') },
      warning: { backgroundColor: '#FFE2B2', foregroundColors: foreground('#333333', '#484644') },
    },
    supportsInteractivity: true,
    fontFamily: "'Calibri', 'Helvetica Neue', 'Arial', 'sans-serif'",
    actions: {
      actionAlignment: 'stretch',
      actionsOrientation: 'vertical',
      buttonSpacing: 8,
      maxActions: 100,
      showCard: { actionMode: 'inline', inlineTopMargin: 8 },
      spacing: 'default',
    },
    adaptiveCard: { allowCustomStyle: false },
    factSet: {
      title: { color: 'default', size: 'default', isSubtle: false, weight: 'bolder', wrap: true, maxWidth: 150 },
      value: { color: 'default', size: 'default', isSubtle: false, weight: 'default', wrap: true },
      spacing: 8,
    },
    textBlock: { headingLevel: 2 },
  },
};

/**
 * Teams' published host configs, as the Adaptive Cards Designer ships them: microsoft/AdaptiveCards,
 * samples/HostConfig/microsoft-teams-light.json (commit d9a6201) and microsoft-teams-dark.json
 * (commit 65d673c). Colours are #AARRGGBB where they have eight digits. The same set of text colours
 * serves every container style; only the background changes (and, in the dark theme, the text colours
 * of the four light coloured styles, which stay dark).
 */
type TextColours = Record<string, { default: string; subtle: string }>;
const TEAMS_LIGHT_TEXT: TextColours = {
  default: { default: '#ff252424', subtle: '#bf252424' },
  dark: { default: '#252424', subtle: '#bf252424' },
  light: { default: '#ffffff', subtle: '#fff3f2f1' },
  accent: { default: '#6264a7', subtle: '#8b8cc7' },
  good: { default: '#92c353', subtle: '#e592c353' },
  warning: { default: '#f8d22a', subtle: '#e5f8d22a' },
  attention: { default: '#c4314b', subtle: '#e5c4314b' },
};
const TEAMS_DARK_TEXT: TextColours = {
  default: { default: '#ffffffff', subtle: '#bfffffff' },
  dark: { default: '#ff201f1f', subtle: '#ff2d2c2c' },
  light: { default: '#ffffffff', subtle: '#bfffffff' },
  accent: { default: '#ffa6a7dc', subtle: '#ff8b8cc7' },
  good: { default: '#ff92c353', subtle: '#e592c353' },
  warning: { default: '#fff8d22a', subtle: '#e5f8d22a' },
  attention: { default: '#ffd74654', subtle: '#e5d74654' },
};
/** On the four light coloured backgrounds the dark theme keeps dark text. */
const TEAMS_DARK_ON_LIGHT = { ...TEAMS_DARK_TEXT, default: { default: '#ff201f1f', subtle: '#ff2d2c2c' } };

const teamsStyles = (text: TextColours, onLight: TextColours, backgrounds: { default: string; emphasis: string }) => ({
  default: { foregroundColors: text, borderColor: '#CCCCCC', backgroundColor: backgrounds.default },
  emphasis: { foregroundColors: text, borderColor: '#666666', backgroundColor: backgrounds.emphasis },
  accent: { borderColor: '#62A8F7', backgroundColor: '#C7DEF9', foregroundColors: onLight },
  good: { borderColor: '#69E569', backgroundColor: '#CCFFCC', foregroundColors: onLight },
  attention: { borderColor: '#FF764C', backgroundColor: '#FFC5B2', foregroundColors: onLight },
  warning: { borderColor: '#FFBC51', backgroundColor: '#FFE2B2', foregroundColors: onLight },
});

const TEAMS_COMMON = {
  choiceSetInputValueSeparator: ',',
  supportsInteractivity: true,
  spacing: { small: 8, default: 12, medium: 16, large: 20, extraLarge: 24, padding: 16 },
  separator: { lineThickness: 1, lineColor: '#EEEEEE' },
  imageSizes: { small: 32, medium: 52, large: 100 },
  fontTypes: {
    default: {
      fontFamily: "'Segoe UI', Tahoma, Geneva, Verdana, sans-serif",
      fontSizes: { small: 12, default: 14, medium: 14, large: 18, extraLarge: 24 },
      fontWeights: { lighter: 200, default: 400, bolder: 600 },
    },
    monospace: {
      fontFamily: "'Courier New', Courier, monospace",
      fontSizes: { small: 12, default: 14, medium: 14, large: 18, extraLarge: 24 },
      fontWeights: { lighter: 200, default: 400, bolder: 600 },
    },
  },
  textStyles: { heading: { fontType: 'default', size: 'large', weight: 'bolder', color: 'default', isSubtle: false } },
  textBlock: { headingLevel: 2 },
  actions: {
    maxActions: 6,
    spacing: 'Default',
    buttonSpacing: 8,
    showCard: { actionMode: 'Inline', inlineTopMargin: 16, style: 'emphasis' },
    preExpandSingleShowCardAction: false,
    actionsOrientation: 'Horizontal',
    actionAlignment: 'Left',
  },
  adaptiveCard: { allowCustomStyle: false },
  imageSet: { imageSize: 'Medium', maxImageHeight: 100 },
  factSet: {
    title: { size: 'Default', color: 'Default', isSubtle: false, weight: 'Bolder', wrap: true },
    value: { size: 'Default', color: 'Default', isSubtle: false, weight: 'Default', wrap: true },
    spacing: 16,
  },
};

export const TEAMS_LIGHT: HostTheme = {
  name: 'Teams light',
  canvas: '#ffffff',
  hostConfig: {
    ...TEAMS_COMMON,
    containerStyles: teamsStyles(TEAMS_LIGHT_TEXT, TEAMS_LIGHT_TEXT, { default: '#ffffff', emphasis: '#fff9f8f7' }),
  },
};

const TEAMS_DARK: HostTheme = {
  name: 'Teams dark',
  canvas: '#ff2d2c2c',
  hostConfig: {
    ...TEAMS_COMMON,
    containerStyles: teamsStyles(TEAMS_DARK_TEXT, TEAMS_DARK_ON_LIGHT, { default: '#ff2d2c2c', emphasis: '#ff292828' }),
  },
};

export const THEMES: readonly HostTheme[] = [WEB_CHAT, TEAMS_LIGHT, TEAMS_DARK];
