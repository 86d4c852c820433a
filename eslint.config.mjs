// ESLint: typescript-eslint's recommended type-checked rules on our TypeScript, the plain recommended rules on
// the JavaScript a browser or a test loads, and nothing on layout (Prettier owns that: eslint-config-prettier).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-output/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // A name starting with _ is unused on purpose (a parameter a signature requires); a rest sibling drops
      // the properties named before it.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs', 'jest.config.js', 'test/support/**/*.js'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    // CommonJS that jest or `node --require` loads as it is: require is how these files import.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Run in a browser as they are: the widget, the chat's frame, the sandbox's pages, and the scripts the
    // card tests load into Chromium after the adaptivecards bundle.
    files: [
      'src/webchat/client/**/*.js',
      'sandbox/**/*.js',
      'test/support/renderCards.js',
      'test/support/renderTeamsAnswer.js',
      'test/support/textLayoutProbe.js',
    ],
    languageOptions: { globals: { ...globals.browser, AdaptiveCards: 'readonly' }, sourceType: 'script' },
  },
  prettier,
);
