/** Response shapes of the Pageport API (api.md; docs/openapi.json). */
import type { ConversionOptions, PageImportRequest, Viewport } from "../shared/presets";

export type { ConversionOptions, PageImportRequest, Viewport };

/** `"0"` processing, `"1"` completed, `"2"` failed; batches and items also `"3"` cancelled. */
export type JobStatus = "0" | "1" | "2";
export type BatchStatus = "0" | "1" | "2" | "3";

export interface PageImport {
  pageImportId: string;
  projectId: number;
  organizationId: number;
  sourceKind: string;
  sourceUrl: string;
  viewport: Viewport;
  deviceScaleFactor: number;
  readySelector: string | null;
  status: JobStatus;
  attempt: number;
  resultUrl: string | null;
  captureHash: string | null;
  screenshotUrl: string | null;
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

/** A site design's further capture (Code2Des `variants`). */
export interface VariantRequest {
  pageImportId: string;
  breakpoint?: string;
}

export interface Code2DesRequest {
  pageImportId: string;
  figmaFileKey: string;
  screenId: string;
  placementTarget?: string;
  options?: ConversionOptions;
  /** Further captures of the same page: one site design with a variant each. */
  variants?: VariantRequest[];
}

export interface Code2Des {
  code2desId: string;
  projectId: number;
  organizationId: number;
  pageImportId: string;
  figmaFileKey: string;
  screenId: string;
  placementTarget: string | null;
  /** The conversion's options (every one on unless the request turned it off). */
  options: ConversionOptions;
  /** A site design's variants (its own capture first); empty for one page. */
  variants?: Array<{ pageImportId: string; breakpoint: string; theme: "light" | "dark" }>;
  status: JobStatus;
  attempt: number;
  resultUrl: string | null;
  warningCount: number | null;
  errorMessage: string | null;
  materializedAt: string | null;
  materializedNodeId: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

/** One page of `GET …/code2des/{id}/result`. */
export interface Code2DesResultPage {
  code2desId: string;
  warningCount: number | null;
  /** The node tree on the first page; null on the image pages after it. */
  document: Record<string, unknown> | null;
  images: Record<string, string>;
  nextCursor: string | null;
}

export type BatchType = "page_import" | "code2des" | "page_discovery";

export interface DiscoveryRequest {
  url: string;
  maxPages: number;
}

export interface BatchCounts {
  total: number;
  processing: number;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  cancelled: number;
}

export interface Batch {
  id: string;
  projectId: number;
  type: BatchType;
  status: BatchStatus;
  counts: BatchCounts;
  requestHash: string;
  retryOf: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

export interface BatchItem {
  id: string;
  position: number;
  status: BatchStatus;
  /** The child job's id (a Page Import for `page_import` batches); null until dispatched. */
  jobId: string | null;
  request: Record<string, unknown>;
  errorMessage: string | null;
  dispatchedAt: string | null;
  cancelledAt: string | null;
}

export interface BatchItemsPage {
  items: BatchItem[];
  nextCursor: string | null;
}

export interface DiscoveredPage {
  url: string;
  title: string | null;
  description: string | null;
  depth: number;
}

export interface Discovery {
  status: JobStatus;
  pages: DiscoveredPage[];
  truncated: boolean;
  errorMessage?: string | null;
}

/** The error body every route uses. */
export interface ErrorBody {
  error: { code: string; message: string; details: ErrorDetail[] };
}

export interface ErrorDetail {
  loc?: (string | number)[];
  msg?: string;
  [key: string]: unknown;
}

/** `GET /me/projects`: the caller's organizations and their projects, sorted by name. */
export interface MyProjects {
  subject: string;
  organizations: MyOrganization[];
}

export interface MyOrganization {
  organizationId: number;
  name: string;
  projects: { projectId: number; name: string }[];
}
