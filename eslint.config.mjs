import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/domain/generated/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        document: 'readonly',
        window: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // The production tree never loads the development world (the local stand-ins, the launcher): dev/README.md.
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/dev/**', '**/dev'], message: 'src/ imports nothing from dev/.' }] },
      ],
    },
  },
  {
    // The renderer is a platform: it must never reach into the product.
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/schemas/**', '**/permissions/**'],
              message: 'renderer/ imports nothing from src/, schemas/ or permissions/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Widgets reach the server through the renderer's data provider, by resource and by named call
    // (schemas/calls.json), never by an address of their own.
    files: ['src/widgets/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\/api\\//]',
          message:
            'No API path in a widget: use the data provider (useList, useOne, useCall, useMutation) by resource or a named call.',
        },
        {
          selector: 'TemplateElement[value.raw=/\\/api\\//]',
          message:
            'No API path in a widget: use the data provider (useList, useOne, useCall, useMutation) by resource or a named call.',
        },
      ],
    },
  },
);
