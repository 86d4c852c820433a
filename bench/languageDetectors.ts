/**
 * Published language identifiers, each restricted to our six languages where it allows, as readers for
 * bench/languageTable.ts. None is a dependency of the project: whichever is installed
 * (`npm install --no-save <name>`) is measured, the others are listed as missing.
 */
import { LANGUAGES, type Language } from '../src/i18n';
import type { LanguageDetector } from './languageReader';

/** A real import(), which TypeScript's CommonJS output would turn into require(): several of these are ESM only. */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the only way to a real import() from CommonJS output (above)
const importModule = new Function('specifier', 'return import(specifier)') as <Module>(
  specifier: string,
) => Promise<Module>;

// What each package is used for here, as its documentation describes it (none is installed with the project).
interface Franc {
  franc: (text: string, options?: { only?: string[]; minLength?: number }) => string;
}
interface Eld {
  eld: {
    setLanguageSubset(languages: string[]): unknown;
    detect(text: string): { language: string; isReliable(): boolean };
  };
}
interface TinyLd {
  detect: (text: string, options?: { only?: string[] }) => string;
}
type Found = { language: string; is_reliable: boolean };
interface Cld3 {
  loadModule: () => Promise<{
    create(
      minBytes: number,
      maxBytes: number,
    ): { findMostFrequentLanguages(text: string, count: number): Found[]; findLanguage(text: string): Found };
  }>;
}
interface LanguageDetectModule {
  default: new () => { setLanguageType(type: string): void; detect(text: string): Array<[string, number]> };
}
interface Lande {
  default: (text: string) => Array<[string, number]>;
}
interface NlpJsLanguage {
  Language: new () => { guessBest(text: string, allowed: string[]): { alpha2: string } | undefined };
}
type Ranked = { size(): number; get(i: number): [number, string]; delete?(): void };
interface FastText {
  getLIDModel: () => Promise<{ load(): Promise<{ predict(text: string, top: number, threshold: number): Ranked }> }>;
}

const ISO3: Record<string, Language> = { eng: 'en', deu: 'de', fra: 'fr', spa: 'es', ita: 'it', nld: 'nl' };
const ISO3_OF_OURS = Object.keys(ISO3);
const ours = new Set<string>(LANGUAGES);
const two = (code: string | undefined): Language | undefined =>
  code && ours.has(code) ? (code as Language) : undefined;
const three = (code: string | undefined): Language | undefined => (code ? ISO3[code] : undefined);
/** The first of a best-first list that is one of ours. */
const firstOfOurs = <T>(ranked: readonly T[], code: (entry: T) => Language | undefined): Language | undefined => {
  for (const entry of ranked) {
    const language = code(entry);
    if (language) return language;
  }
  return undefined;
};

type Loader = () => Promise<LanguageDetector[]>;

const LOADERS: Record<string, Loader> = {
  'franc-min': async () => {
    const { franc } = await importModule<Franc>('franc-min');
    return [
      {
        name: 'franc-min 6.2 (minLength 1)',
        detect: (text) => three(franc(text, { only: ISO3_OF_OURS, minLength: 1 })),
      },
      { name: 'franc-min 6.2 (default minLength 10)', detect: (text) => three(franc(text, { only: ISO3_OF_OURS })) },
    ];
  },
  franc: async () => {
    const { franc } = await importModule<Franc>('franc');
    return [
      { name: 'franc 6.2 (minLength 1)', detect: (text) => three(franc(text, { only: ISO3_OF_OURS, minLength: 1 })) },
    ];
  },
  eld: async () => {
    const detectors: LanguageDetector[] = [];
    for (const size of ['extrasmall', 'small', 'medium', 'large']) {
      const { eld } = await importModule<Eld>(`eld/${size}`);
      eld.setLanguageSubset([...LANGUAGES]);
      detectors.push({ name: `eld 2.1 ${size}`, detect: (text) => two(eld.detect(text).language) });
      if (size === 'large') {
        detectors.push({
          name: `eld 2.1 ${size}, reliable only`,
          detect: (text) => {
            const result = eld.detect(text);
            return result.isReliable() ? two(result.language) : undefined;
          },
        });
      }
    }
    return detectors;
  },
  tinyld: async () => {
    const detectors: LanguageDetector[] = [];
    for (const [entry, label] of [
      ['tinyld/light', 'light'],
      ['tinyld', 'normal'],
      ['tinyld/heavy', 'heavy'],
    ] as const) {
      const { detect } = await importModule<TinyLd>(entry);
      detectors.push({ name: `tinyld 1.3 ${label}`, detect: (text) => two(detect(text, { only: [...LANGUAGES] })) });
    }
    return detectors;
  },
  'cld3-asm': async () => {
    const { loadModule } = await importModule<Cld3>('cld3-asm');
    const identifier = (await loadModule()).create(0, 1000);
    return [
      {
        name: 'cld3-asm 4.0 (best of ours in top 10)',
        detect: (text) => firstOfOurs(identifier.findMostFrequentLanguages(text, 10), (found) => two(found.language)),
      },
      {
        name: 'cld3-asm 4.0 (top answer, reliable only)',
        detect: (text) => {
          const found = identifier.findLanguage(text);
          return found.is_reliable ? two(found.language) : undefined;
        },
      },
    ];
  },
  languagedetect: async () => {
    const { default: LanguageDetect } = await importModule<LanguageDetectModule>('languagedetect');
    const detector = new LanguageDetect();
    detector.setLanguageType('iso2');
    return [
      {
        name: 'languagedetect 2.0 (best of ours)',
        detect: (text) => firstOfOurs(detector.detect(text), ([code]) => two(code)),
      },
    ];
  },
  lande: async () => {
    const { default: lande } = await importModule<Lande>('lande');
    return [
      {
        name: 'lande 1.0 (best of ours)',
        detect: (text) => firstOfOurs(lande(text), ([code]) => three(code)),
      },
    ];
  },
  '@nlpjs/language': async () => {
    const { Language: Guesser } = await importModule<NlpJsLanguage>('@nlpjs/language');
    const guesser = new Guesser();
    return [{ name: '@nlpjs/language 4.25', detect: (text) => two(guesser.guessBest(text, [...LANGUAGES])?.alpha2) }];
  },
  'fasttext.wasm.js': async () => {
    const { getLIDModel } = await importModule<FastText>('fasttext.wasm.js');
    // fastText's own lid.176.ftz, shipped in the package; predict() is synchronous once the model is loaded.
    const model = await (await getLIDModel()).load();
    const ranked = (text: string, top: number): Array<[number, Language | undefined]> => {
      const vector = model.predict(text.replace(/\n/g, ' '), top, 0);
      const entries = Array.from({ length: vector.size() }, (_, i) => vector.get(i));
      vector.delete?.();
      return entries.map(([probability, label]) => [probability, two(label.replace('__label__', ''))]);
    };
    return [
      {
        name: 'fasttext.wasm.js 1.0, lid.176 (best of ours)',
        detect: (text) => firstOfOurs(ranked(text, 176), ([, language]) => language),
      },
      {
        name: 'fasttext.wasm.js 1.0, lid.176 (top answer, p >= 0.5)',
        detect: (text) => {
          const [best] = ranked(text, 1);
          return best && best[0] >= 0.5 ? best[1] : undefined;
        },
      },
    ];
  },
};

export async function installedDetectors(): Promise<{ detectors: LanguageDetector[]; missing: string[] }> {
  const detectors: LanguageDetector[] = [];
  const missing: string[] = [];
  for (const [name, load] of Object.entries(LOADERS)) {
    try {
      detectors.push(...(await load()));
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      missing.push(name);
    }
  }
  return { detectors, missing };
}
