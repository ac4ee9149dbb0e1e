import { defineConfig } from "vitest/config";

// The API client and the plugin's flows against a REAL local stack (`npm run test:stack`).
// Needs PAGEPORT_API, PAGEPORT_TOKEN, PAGEPORT_PROJECT and PAGEPORT_SITE (see test/stack/env.ts).
export default defineConfig({
  test: {
    include: ["test/stack/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // One stack, one project: files run one after another so timings stay readable.
    fileParallelism: false,
  },
});
