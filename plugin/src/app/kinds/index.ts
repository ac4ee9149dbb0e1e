/** The batch kinds the plugin knows, by the API's batch `type`: one entry each. */
import type { BatchType } from "../../api/types";
import { CODE2DES } from "./code2des";
import { PAGE_DISCOVERY } from "./page-discovery";
import { PAGE_IMPORT } from "./page-import";
import type { BatchKind } from "./types";

export type { BatchKind, OpenedBatch } from "./types";
export { requestOf } from "./types";

const KINDS: Record<BatchType, BatchKind> = {
  page_import: PAGE_IMPORT,
  code2des: CODE2DES,
  page_discovery: PAGE_DISCOVERY,
};

export function batchKind(type: BatchType): BatchKind {
  return KINDS[type];
}
