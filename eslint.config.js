// One lint setup for the whole repository. Besides the usual checks it guards the shape of
// docs/ARCHITECTURE.md: every area is a slice (packages/domain/src/<area>,
// apps/api/src/modules/<area>, apps/web/src/features/<area>) that others reach only through
// its index.ts (and an API module's tables.ts, a web feature's datasets.ts); the domain imports no app; the apps do not import each other; the web's app/
// composes features and nothing below it imports app/ or a feature; no import cycles; and
// promises are awaited (type-aware rules).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const domainAreas = foldersOf('./packages/domain/src').filter(
  (name) => !['rules', 'i18n'].includes(name),
);
const apiModules = foldersOf('./apps/api/src/modules');
const webFeatures = foldersOf('./apps/web/src/features');

const webRestricted = {
  group: ['@tern/api*', '**/apps/api/**'],
  message: 'The web app talks to the API over HTTP only.',
};

/**
 * From inside `<root>/<area>/`, every other area of the same root only through the files it
 * makes public (`index.ts`; an API module also its `tables.ts`, for foreign keys and joins).
 */
const areaBoundary = (others, publicFiles, message) => ({
  group: others.flatMap((other) => [
    `../${other}/**`,
    `../../${other}/**`,
    ...publicFiles.flatMap((file) => [`!../${other}/${file}`, `!../../${other}/${file}`]),
  ]),
  message,
});

/** One config block per area: it may import anything but another area's insides. */
const areaBlocks = (root, areas, publicFiles, extraPatterns, message) =>
  areas.map((area) => ({
    files: [`${root}/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...extraPatterns,
            areaBoundary(
              areas.filter((other) => other !== area),
              publicFiles,
              message,
            ),
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  // Type-aware: typescript-eslint's recommended type-checked rules (a promise nobody awaits
  // hides its failure; `any` does not leak; a switch over a union names every member).
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      // An async function here implements a port or handler that answers a promise; a
      // simulator or a fake that answers at once keeps that shape without awaiting anything.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        // React event handlers may start async work; the forms report their own failures.
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // Tests read answers as they come (`app.inject(…).json()`, a fake's call) and assert on
  // them: the assertion is the check, so `any` there is not a leak.
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/test/**/*.{ts,tsx}',
      '**/port-suite.ts',
      'apps/web/e2e/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // No import cycles anywhere in the TypeScript (type-only imports included).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too, or their imports would go unseen.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tern/api*', '@tern/web*', '**/apps/**'],
              message: 'The domain imports no app.',
            },
          ],
        },
      ],
    },
  },
  ...areaBlocks(
    'packages/domain/src',
    domainAreas,
    ['index.ts'],
    [{ group: ['@tern/api*', '@tern/web*', '**/apps/**'], message: 'The domain imports no app.' }],
    'Domain areas reach each other through their index.ts; a piece two areas need is shared (beside the areas).',
  ),
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tern/web*', '**/apps/web/**', '**/web/src/**'],
              message: 'The API does not import the web app.',
            },
          ],
        },
      ],
    },
  },
  ...areaBlocks(
    'apps/api/src/modules',
    apiModules,
    ['index.ts', 'tables.ts'],
    [{ group: ['@tern/web*', '**/apps/web/**'], message: 'The API does not import the web app.' }],
    'API modules reach each other through their index.ts (and tables.ts for foreign keys and joins).',
  ),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [webRestricted] }],
    },
  },
  // The app downloads texts from the theme path: the catalogue (every language) and the
  // server-side reference data sets stay out of its bundle; tests may read them.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^@tern\\/domain\\/(i18n\\/catalogue|reference\\/)/]',
          message:
            'The catalogue and reference data sets are server-side: the app fetches them from the API.',
        },
      ],
    },
  },
  // app/ composes the features, through their index.ts only.
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webRestricted,
            {
              group: ['**/features/*/**', '!**/features/*/index.ts'],
              message: 'app/ composes features through their index.ts.',
            },
          ],
        },
      ],
    },
  },
  // The plumbing below features (core, components, lib) knows neither the app
  // nor any feature.
  {
    files: ['apps/web/src/{core,components,lib}/**/*.{ts,tsx}'],
    // Their tests may render with the app's texts and providers.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webRestricted,
            {
              group: ['**/app/**', '**/features/**'],
              message:
                'core, components and lib sit below app/ and the features: move what both need here.',
            },
          ],
        },
      ],
    },
  },
  ...areaBlocks(
    'apps/web/src/features',
    webFeatures,
    // A feature's datasets are public too: another feature reads them typed through them
    // (`useDataset(tripsDataset)`), not by their query keys, and without the cycle its
    // index.ts (which names its pages) would close.
    ['index.ts', 'datasets.ts'],
    [
      webRestricted,
      {
        group: ['**/app/**'],
        message: 'Features do not import app/: what both need lives in src/core.',
      },
    ],
    'Features reach each other through their index.ts (and datasets.ts, for their data).',
  ),
  // Journeys drive the whole product: they may read the demo world the server seeds.
  {
    files: ['apps/web/e2e/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
