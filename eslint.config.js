import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import caravan from "./frontend/build/eslint-layers.js";

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
    plugins: { "react-hooks": reactHooks, caravan },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // app -> features -> shared, and another feature only through its public entry (frontend/build/eslint-layers.js).
      "caravan/layers": "error",
    },
  },
  {
    files: ["common/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:*", "react*"], paths: ["fs", "path", "http"] }],
    },
  },
);
