import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import caravan from "./frontend/build/eslint-layers.js";
import caravanTexts from "./frontend/build/eslint-texts.js";
import { UNTRANSLATED_FILES } from "./frontend/build/untranslated-files.js";
import backendLayers from "./backend/lint/eslint-layers.js";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/dist-server/**", "**/node_modules/**", "data/**", "test-results/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["frontend/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, caravan, "caravan-texts": caravanTexts },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // app -> features -> shared, and another feature only through its public entry (frontend/build/eslint-layers.js).
      "caravan/layers": "error",
      // Shown text comes from the message catalogues (frontend/build/eslint-texts.js).
      "caravan-texts/no-literal-text": "error",
    },
  },
  // Files whose texts are not in the catalogues yet, each with its reason (frontend/build/untranslated-files.js), and
  // tests, whose texts are fixtures.
  {
    files: [...Object.keys(UNTRANSLATED_FILES).map((file) => `frontend/${file}`), "frontend/src/**/*.test.tsx"],
    rules: { "caravan-texts/no-literal-text": "off" },
  },
  {
    files: ["backend/src/**/*.ts"],
    plugins: { "caravan-backend": backendLayers },
    rules: {
      // A feature reaches another only through what it offers (backend/lint/eslint-layers.js).
      "caravan-backend/layers": "error",
    },
  },
  {
    // No import cycles in either app: a cycle makes the order modules initialise in depend on who imports first.
    // Type-only imports are left out (they vanish when compiled), and so is a lazy `import()`, which runs once every
    // module it reaches has initialised.
    files: ["backend/src/**/*.ts", "frontend/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["backend/tsconfig.test.json", "frontend/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    files: ["common/src/**/*.ts"],
    ignores: ["common/src/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:*", "react*"], paths: ["fs", "path", "http"] }],
    },
  },
);
