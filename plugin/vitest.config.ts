import { defineConfig } from "vitest/config";

// Unit tests. The stack tests (test/stack/**) need a running local stack: vitest.stack.config.ts.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/stack/**", "node_modules/**"],
    environment: "node",
    testTimeout: 60_000,
  },
});
