import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SHARED_BY_ALL = [
  'lambdas/shared/quote-contract.ts',
  'lambdas/shared/media-keys.ts',
  'lambdas/shared/upload-headers.ts',
];
/** Import-free (or type-only) modules of lambdas/shared that the stack also reads: table keys, metric names. */
const SHARED_WITH_INFRA = ['lambdas/shared/lead-table.ts', 'lambdas/shared/metrics.ts'];
/**
 * What the browser takes from lambdas/shared: the contracts (zod and each other only), the price
 * table (the form shows the estimate the emails quote) and the quote loop's page paths (no imports).
 */
const SHARED_WITH_BROWSER = [
  'shared/quote-contract.ts',
  'shared/quote-loop-contract.ts',
  'shared/pricing.ts',
  'shared/loop-pages.ts',
];
const FRONTEND_LAYERS = {
  base: ['frontend/content', 'frontend/shared'],
  components: 'frontend/components',
  features: 'frontend/features',
  routes: 'frontend/routes',
  app: ['frontend/root.tsx', 'frontend/entry.server.tsx', 'frontend/routes.ts'],
};
const oneWay =
  'Imports flow one way: content and shared → components → features → routes → root (docs/decisions/001).';

const LAMBDA_BUNDLE_ZONE = {
  target: 'lambdas',
  from: ['frontend', 'infra', 'scripts', 'test'],
  message: 'A Lambda bundle carries only lambdas/ code (docs/decisions/013).',
};

const BROWSER_BUNDLE_ZONE = {
  target: 'frontend',
  from: ['lambdas', 'infra', 'scripts', 'test'],
  except: SHARED_WITH_BROWSER,
  message:
    'The browser bundle takes only the contracts, the price table and the loop page paths from outside frontend/ (docs/decisions/013).',
};

/** Who may not import whom: the layers of decision 001 and the deployables of decision 013. */
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
  { target: FRONTEND_LAYERS.routes, from: FRONTEND_LAYERS.app, message: oneWay },
  BROWSER_BUNDLE_ZONE,
  LAMBDA_BUNDLE_ZONE,
  {
    target: 'lambdas/shared',
    from: ['lambdas/create-upload-urls', 'lambdas/send-booking-emails'],
    message: 'lambdas/shared serves the functions; it never reaches into one of them.',
  },
  {
    target: 'lambdas/create-upload-urls',
    from: 'lambdas/send-booking-emails',
    message: 'Each function stands alone; what both need lives in lambdas/shared.',
  },
  {
    target: 'lambdas/send-booking-emails',
    from: 'lambdas/create-upload-urls',
    message: 'Each function stands alone; what both need lives in lambdas/shared.',
  },
  {
    target: 'infra',
    from: ['frontend', 'scripts', 'test', 'lambdas'],
    except: [...SHARED_BY_ALL, ...SHARED_WITH_INFRA].map((file) => `../${file}`),
    message: 'The stack takes from lambdas/ only the modules shared by all (docs/decisions/013).',
  },
  {
    target: SHARED_BY_ALL.filter((file) => !file.endsWith('quote-contract.ts')),
    from: ['frontend', 'lambdas', 'infra', 'scripts', 'test'],
    message: 'A module shared by every deployable imports nothing (docs/decisions/013).',
  },
];

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
  // Decision 001: imports flow one way; decision 013: what every deployable may share.
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads the files it follows (no-cycle parses every module on the way).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: IMPORT_ZONES }],
    },
  },
  {
    // Tests beside the frontend are never bundled either: they may use the shared test fixtures
    // (test/fixtures/, relative to `test` as `except` is), and keep every other border.
    files: ['frontend/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: IMPORT_ZONES.map((zone) =>
            zone === BROWSER_BUNDLE_ZONE
              ? { ...zone, except: [...SHARED_WITH_BROWSER, 'fixtures'] }
              : zone,
          ),
        },
      ],
    },
  },
  {
    // Tests and test helpers beside the Lambdas are never bundled: they may start the local
    // stand-ins (dynalite) that scripts/local owns.
    files: ['lambdas/**/*.test.ts', 'lambdas/shared/testing*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: IMPORT_ZONES.filter((zone) => zone !== LAMBDA_BUNDLE_ZONE) },
      ],
    },
  },
  {
    // The contract is bundled into the browser and both Lambdas: zod, and nothing else.
    files: ['lambdas/shared/quote-contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$))',
              message: 'The quote contract imports nothing but zod (docs/decisions/013).',
            },
          ],
        },
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
