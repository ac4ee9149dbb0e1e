// Figma's own plugin rules (recommended) on top of the ESLint and typescript-eslint
// recommendations, type-aware, each part of the plugin with its own tsconfig.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import * as figmaPlugin from "@figma/eslint-plugin-figma-plugins";
import { defineConfig } from "eslint/config";

export default defineConfig(
  { ignores: ["dist/**", "node_modules/**", "test-output/**", "build.mjs", "eslint.config.mjs", "manifest.json"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts", "vitest.config.ts", "vitest.stack.config.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        project: ["./tsconfig.code.json", "./tsconfig.ui.json", "./tsconfig.test.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { "@figma/figma-plugins": figmaPlugin },
    rules: {
      ...figmaPlugin.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
