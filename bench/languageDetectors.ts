/**
 * Published language identifiers, each restricted to our six languages where it allows, as readers for
 * bench/languageTable.ts. None is a dependency of the project: whichever is installed
 * (`npm install --no-save <name>`) is measured, the others are listed as missing.
 */
import { LANGUAGES, type Language } from '../src/i18n';
import type { LanguageDetector } from './languageReader';

/** A real import(), which TypeScript's CommonJS output would turn into require(): several of these are ESM only. */
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<any>;

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
    const { franc } = await importModule('franc-min');
    return [
      {
        name: 'franc-min 6.2 (minLength 1)',
        detect: (text) => three(franc(text, { only: ISO3_OF_OURS, minLength: 1 })),
      },
      { name: 'franc-min 6.2 (default minLength 10)', detect: (text) => three(franc(text, { only: ISO3_OF_OURS })) },
    ];
  },
  franc: async () => {
    const { franc } = await importModule('franc');
    return [
      { name: 'franc 6.2 (minLength 1)', detect: (text) => three(franc(text, { only: ISO3_OF_OURS, minLength: 1 })) },
    ];
  },
  eld: async () => {
    const detectors: LanguageDetector[] = [];
    for (const size of ['extrasmall', 'small', 'medium', 'large']) {
      const { eld } = await importModule(`eld/${size}`);
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
      const { detect } = await importModule(entry);
      detectors.push({ name: `tinyld 1.3 ${label}`, detect: (text) => two(detect(text, { only: [...LANGUAGES] })) });
    }
    return detectors;
  },
  'cld3-asm': async () => {
    const { loadModule } = await importModule('cld3-asm');
    const identifier = (await loadModule()).create(0, 1000);
    type Found = { language: string; is_reliable: boolean };
    return [
      {
        name: 'cld3-asm 4.0 (best of ours in top 10)',
        detect: (text) =>
          firstOfOurs(identifier.findMostFrequentLanguages(text, 10) as Found[], (found) => two(found.language)),
      },
      {
        name: 'cld3-asm 4.0 (top answer, reliable only)',
        detect: (text) => {
          const found = identifier.findLanguage(text) as Found;
          return found.is_reliable ? two(found.language) : undefined;
        },
      },
    ];
  },
  languagedetect: async () => {
    const { default: LanguageDetect } = await importModule('languagedetect');
    const detector = new LanguageDetect();
    detector.setLanguageType('iso2');
    return [
      {
        name: 'languagedetect 2.0 (best of ours)',
        detect: (text) => firstOfOurs(detector.detect(text) as Array<[string, number]>, ([code]) => two(code)),
      },
    ];
  },
  lande: async () => {
    const { default: lande } = await importModule('lande');
    return [
      {
        name: 'lande 1.0 (best of ours)',
        detect: (text) => firstOfOurs(lande(text) as Array<[string, number]>, ([code]) => three(code)),
      },
    ];
  },
  '@nlpjs/language': async () => {
    const { Language: Guesser } = await importModule('@nlpjs/language');
    const guesser = new Guesser();
    return [{ name: '@nlpjs/language 4.25', detect: (text) => two(guesser.guessBest(text, [...LANGUAGES])?.alpha2) }];
  },
  'fasttext.wasm.js': async () => {
    const { getLIDModel } = await importModule('fasttext.wasm.js');
    // fastText's own lid.176.ftz, shipped in the package; predict() is synchronous once the model is loaded.
    const model = await (await getLIDModel()).load();
    type Ranked = { size(): number; get(i: number): [number, string]; delete?(): void };
    const ranked = (text: string, top: number): Array<[number, Language | undefined]> => {
      const vector = model.predict(text.replace(/\n/g, ' '), top, 0) as Ranked;
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
