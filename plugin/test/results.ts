/** The committed result fixtures (test/fixtures/results/*.json, made by `make fixtures`). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FullResult } from "../src/materialize";

export const RESULTS_DIR = join(__dirname, "fixtures", "results");
export const fixtures = readdirSync(RESULTS_DIR).filter((f) => f.endsWith(".json")).sort();

export function loadFixture(name: string): FullResult {
  return JSON.parse(readFileSync(join(RESULTS_DIR, name), "utf8")) as FullResult;
}
