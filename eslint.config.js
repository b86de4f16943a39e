import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONTEND_LAYERS = {
  base: ['frontend/content', 'frontend/shared'],
  components: 'frontend/components',
  features: 'frontend/features',
  routes: 'frontend/routes',
  app: ['frontend/root.tsx', 'frontend/entry.server.tsx', 'frontend/routes.ts'],
};
const oneWay =
  'Imports flow one way: content and shared → components → features → routes → root (docs/decisions/001).';
const ownCodeAndContract =
  'A deployable imports the contract (#contract/*) and its own folder (docs/decisions/025).';

/**
 * Each feature folder (frontend/features/*, any present or future one) imports its own folder and
 * the layers below, never another feature: what two features share lives in shared or components.
 */
const FEATURE_ZONES = readdirSync(new URL('./frontend/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `frontend/features/${entry.name}`,
    from: FRONTEND_LAYERS.features,
    except: [`./${entry.name}`],
    message:
      'A feature never imports another feature: move what both need to frontend/shared or frontend/components.',
  }));

/** Who may not import whom: the frontend's layers, and each deployable's own code plus the contract. */
const IMPORT_ZONES = [
  {
    target: FRONTEND_LAYERS.base,
    from: [
      FRONTEND_LAYERS.components,
      FRONTEND_LAYERS.features,
      FRONTEND_LAYERS.routes,
      ...FRONTEND_LAYERS.app,
    ],
    message: oneWay,
  },
  {
    target: FRONTEND_LAYERS.components,
    from: [FRONTEND_LAYERS.features, FRONTEND_LAYERS.routes, ...FRONTEND_LAYERS.app],
    message: oneWay,
  },
  {
    target: FRONTEND_LAYERS.features,
    from: [FRONTEND_LAYERS.routes, ...FRONTEND_LAYERS.app],
    message: oneWay,
  },
  ...FEATURE_ZONES,
  { target: FRONTEND_LAYERS.routes, from: FRONTEND_LAYERS.app, message: oneWay },
  {
    target: 'frontend',
    from: ['lambdas', 'infra', 'scripts', 'test'],
    except: ['./contract'],
    message: ownCodeAndContract,
  },
  {
    target: 'lambdas',
    from: ['frontend', 'infra', 'scripts', 'test'],
    message: ownCodeAndContract,
  },
  {
    target: 'lambdas/shared',
    from: 'lambdas',
    except: ['./shared', './contract'],
    message: 'lambdas/shared serves the functions; it never reaches into one of them.',
  },
  {
    target: 'infra',
    from: ['frontend', 'lambdas', 'scripts', 'test'],
    except: ['./contract'],
    message: ownCodeAndContract,
  },
];

/** Tests are never bundled: they may use the shared fixtures and start the local stand-ins. */
const TEST_ZONES = IMPORT_ZONES.map((zone) =>
  zone.target === 'frontend'
    ? { ...zone, from: ['lambdas', 'infra', 'scripts', 'test/e2e', 'test/infra', 'test/property'] }
    : zone.target === 'lambdas'
      ? { ...zone, from: ['frontend', 'infra', 'scripts/build', 'scripts/bench', 'scripts/leads'] }
      : zone,
);

/**
 * A function folder (`lambdas/{name}/`, any present or future one) imports its own folder,
 * lambdas/shared and the contract, never another function's folder: a relative import must be
 * `./…` or `../shared/…`, with no `..` after that.
 */
const FUNCTION_OWN_FOLDER = {
  regex: '^\\.(?!/(?!.*\\.\\.)|\\./shared/(?!.*\\.\\.))',
  message:
    'A function imports only its own folder, lambdas/shared and #contract (docs/decisions/025).',
};

/** The same border for a function's tests, which may also use test/ and scripts/ helpers. */
const FUNCTION_TEST_OWN_FOLDER = {
  regex: '^\\.\\./(?!shared/|\\.\\./(test|scripts)/)',
  message:
    "A function's tests import its own folder, lambdas/shared, test/ and #contract, never another function's folder.",
};

const NOT_A_FUNCTION = ['lambdas/shared/**', 'lambdas/contract/**'];
/** A file in a function's room (`lambdas/{name}/{room}/`): its room, its function, lambdas/shared. */
const FUNCTION_ROOM_OWN_FOLDER = {
  regex: '^\\.(?!/(?!.*\\.\\.)|\\./(?!\\.\\.)(?!.*\\.\\.)|\\./\\.\\./shared/(?!.*\\.\\.))',
  message: FUNCTION_OWN_FOLDER.message,
};
const FUNCTION_ROOM_TEST_OWN_FOLDER = {
  regex:
    '^\\.(?!/(?!.*\\.\\.)|\\./(?!\\.\\.)(?!.*\\.\\.)|\\./\\.\\./shared/(?!.*\\.\\.)|\\./\\.\\./\\.\\./(test|scripts)/)',
  message: FUNCTION_TEST_OWN_FOLDER.message,
};

/** The contract's folders (lambdas/contract/*): its modules import only each other and zod. */
const CONTRACT_ROOMS = readdirSync(new URL('./lambdas/contract', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** docs/decisions/040-schemas-apart-from-texts.md: the contract's modules that import zod. */
const CONTRACT_SCHEMA_MODULES = ['fields', 'booking', 'upload-urls', 'env', '*-schemas'];
const CONTRACT_SCHEMA_FILES = CONTRACT_SCHEMA_MODULES.map(
  (name) => `lambdas/contract/**/${name}.ts`,
);
const CONTRACT_SCHEMA_IMPORT = `^(zod(/.*)?|\\.\\.?/([\\w-]+/)?(${CONTRACT_SCHEMA_MODULES.join('|').replace('*', '[\\w-]+')}))$`;
/** docs/decisions/025-contract-folder-and-borders.md */
const CONTRACT_IMPORTS_ITSELF = {
  // Its own room (`./`) or another of its rooms (`../core/…`), never past the contract.
  regex: `^(?!zod(/|$)|\\./|\\.\\./(${CONTRACT_ROOMS.join('|')})/)`,
  message: 'The contract imports nothing but zod and itself (docs/decisions/025).',
};
const NO_ZOD_IN_TEXTS =
  'Texts, limits and paths import no zod, so a page that only shows them loads none: schemas go in a *-schemas module (docs/decisions/040).';

/** docs/decisions/039-en-us-format-without-intl.md */
const NO_INTL =
  "Format with #contract/en-us-format: a page's first Intl call costs a phone one long task (docs/decisions/039).";

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'cdk.out/**',
      '.react-router/**',
      '.local/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      // Type-only cycles too: `npm run lint` also runs dependency-cruiser (.dependency-cruiser.cjs).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: IMPORT_ZONES }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/support/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: TEST_ZONES }] },
  },
  {
    files: ['lambdas/*/**/*.ts'],
    ignores: [...NOT_A_FUNCTION, 'lambdas/*/*/*.ts', 'lambdas/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FUNCTION_OWN_FOLDER] }] },
  },
  {
    // A function's tests reach the test helpers too, but never another function's folder.
    files: ['lambdas/*/**/*.test.ts'],
    ignores: [...NOT_A_FUNCTION, 'lambdas/*/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FUNCTION_TEST_OWN_FOLDER] }] },
  },
  {
    // One level of rooms inside a function (decision 046): the same borders, one `..` deeper.
    files: ['lambdas/*/*/*.ts'],
    ignores: [...NOT_A_FUNCTION, 'lambdas/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FUNCTION_ROOM_OWN_FOLDER] }] },
  },
  {
    files: ['lambdas/*/*/*.test.ts'],
    ignores: NOT_A_FUNCTION,
    rules: { 'no-restricted-imports': ['error', { patterns: [FUNCTION_ROOM_TEST_OWN_FOLDER] }] },
  },
  {
    // A stored item's type comes from its model's parse (lambdas/shared/**/*-model.ts), never a cast.
    files: ['lambdas/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*-model.ts', '**/*.test.ts', '**/testing-*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'TSAsExpression > STORED.typeAnnotation',
          'TSAsExpression > :matches(TSUnionType, TSArrayType, TSTypeReference).typeAnnotation STORED',
        ].map((selector) => ({
          selector: selector.replace(
            'STORED',
            `TSTypeReference[typeName.name=/^(${[
              'Lead|StoredQuote|LeadOffer|StoredDecision|StoredCancellation',
              'StoredJob|StoredReceipt|StoredPriceChange|StoredRating|StoredAddress',
              'StoredProblem|StoredReassignment|Hauler|StoredStrike|StoredDocument',
              'HaulerMailItem|CertificateDueItem|CertificateDueList',
              'StoredPayment|StoredHold|StoredRefund',
            ].join('|')})$/]`,
          ),
          message:
            "A stored item is read through its model's parse (*-model.ts), not cast: a cast hides a shape the item may not have.",
        })),
      ],
    },
  },
  {
    // The contract is bundled into the browser, every function and the stack: zod, and itself.
    files: ['lambdas/contract/**/*.ts'],
    ignores: ['lambdas/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [CONTRACT_IMPORTS_ITSELF],
        },
      ],
    },
  },
  {
    // Its texts, limits and paths stay apart from zod, so a page that only shows them loads none:
    // the modules that hold schemas are named here, and the others may import only their types.
    files: ['lambdas/contract/**/*.ts'],
    ignores: ['lambdas/contract/**/*.test.ts', ...CONTRACT_SCHEMA_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CONTRACT_IMPORTS_ITSELF,
            { regex: CONTRACT_SCHEMA_IMPORT, allowTypeImports: true, message: NO_ZOD_IN_TEXTS },
          ],
        },
      ],
    },
  },
  {
    // What the browser runs: a page's first Intl call is one long task on a phone.
    files: ['frontend/**/*.{ts,tsx}', 'lambdas/contract/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'lambdas/contract/core/en-us-format.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Intl', message: NO_INTL }],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: NO_INTL,
        })),
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
