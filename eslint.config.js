import js from '@eslint/js';
import { webLayering } from './eslint.web-layering.js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'apps/api/drizzle/**',
      '**/.prerender/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Web app layers: shared -> features -> app; features never import each other (decision 023).
  ...webLayering,
  {
    // A pattern that backtracks super-linearly lets one long input stall the whole server (issue 20).
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Routes validate, call a service and reply; jobs are definitions whose handler calls a module's
    // service. Neither reaches into a repository (decision 027).
    files: ['apps/api/src/**/*.routes.ts', 'apps/api/src/jobs/**/*.job.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.repo(\\.js)?$',
              message:
                'Routes and jobs call a service; queries stay behind it (docs/decisions/027-routes-services-jobs.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'apps/web/public/**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
      },
    },
  },
);
