import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's folders, lowest first (docs/architecture.md). A folder imports at run time only from
// folders of earlier layers: no cycle between folders can form. Types may be imported anywhere.
const SERVER_LAYERS = [
  ['objects'],
  ['catalogue', 'store', 'callers'],
  ['calls', 'expressions'],
  ['permissions', 'rules'],
  ['operations'],
  ['lifecycle'],
  ['accounts', 'openapi', 'scheduler'],
  ['http'],
  ['app'],
];

/** For each server folder, the lint rule that refuses run-time imports from its layer or above. */
function serverLayerRules() {
  const folders = readdirSync(new URL('./packages/server/src/', import.meta.url), {
    withFileTypes: true,
  }).filter((entry) => entry.isDirectory());
  const unplaced = folders.filter((entry) => !SERVER_LAYERS.flat().includes(entry.name));
  if (unplaced.length > 0)
    throw new Error(`place packages/server/src/${unplaced[0].name}/ in SERVER_LAYERS`);
  return SERVER_LAYERS.flatMap((layer, index) =>
    layer.map((folder) => {
      const above = [
        ...layer.filter((f) => f !== folder),
        ...SERVER_LAYERS.slice(index + 1).flat(),
      ];
      return {
        files: [`packages/server/src/${folder}/**`],
        rules: {
          '@typescript-eslint/no-restricted-imports': [
            'error',
            {
              patterns:
                above.length === 0
                  ? []
                  : [
                      {
                        group: above.flatMap((f) => [`../${f}/*`, `../../${f}/*`]),
                        allowTypeImports: true,
                        message: `${folder}/ may not import this at run time: see SERVER_LAYERS in eslint.config.js.`,
                      },
                    ],
            },
          ],
        },
      };
    }),
  );
}

/**
 * For each screen of the web app (packages/web/src/screens/<kind>/), the lint rule that refuses
 * imports from another screen: what several screens share lives in ui/ or api/ (bulletproof-react's
 * features rule). The shared folders import no screen either; only app/ routes to them.
 */
function webScreenRules() {
  const screens = readdirSync(new URL('./packages/web/src/screens/', import.meta.url), {
    withFileTypes: true,
  }).filter((entry) => entry.isDirectory());
  const message =
    'A screen imports no other screen: move what they share to ui/ or api/ (see webScreenRules in eslint.config.js).';
  const perScreen = screens.map(({ name }) => ({
    files: [`packages/web/src/screens/${name}/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...screens.filter((s) => s.name !== name).map((s) => `../${s.name}/*`),
                '../../screens/*',
              ],
              message,
            },
          ],
        },
      ],
    },
  }));
  const shared = {
    files: ['packages/web/src/{api,ui,model,format}/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../screens/*', '../../screens/*', '../../../screens/*'],
              message: 'Shared code imports no screen: only app/ routes to screens.',
            },
          ],
        },
      ],
    },
  };
  return [...perScreen, shared];
}

const MARKDOWN_READER = {
  group: ['@specrun/language', '@specrun/cli', 'unified', 'remark-*', 'mdast*'],
  message: 'Only the CLI joins the spec reader to the runtime.',
};
const CEL_LIBRARY = {
  group: ['@bufbuild/cel', '@bufbuild/cel/*'],
  message: "CEL's trees stay in packages/expr: use its analysis API (analyseExpression).",
};

/** One lint block per set of files, each refusing imports of the packages it may not use. */
function importBoundaries(byFiles) {
  return Object.entries(byFiles).map(([files, patterns]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Dependencies point one way: only the CLI joins the Markdown reader to the runtime, and CEL's
  // own trees stay inside packages/expr, which answers questions about expressions instead.
  ...importBoundaries({
    'packages/{server,web,model}/src/**': [MARKDOWN_READER, CEL_LIBRARY],
    'packages/expr/src/**': [MARKDOWN_READER],
    'packages/{language,cli}/src/**': [CEL_LIBRARY],
  }),
  ...serverLayerRules(),
  ...webScreenRules(),
);
