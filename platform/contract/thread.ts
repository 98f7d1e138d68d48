/**
 * The messages between the web tier and a platform running on its own thread
 * (platform/thread/worker.ts): a request and its response as plain,
 * structured-clonable data. Bodies travel as ArrayBuffers and are transferred,
 * not copied.
 */
export interface WireRequest {
  id: number;
  method: string;
  /** Path and query, e.g. "/api/get_user_info". */
  path: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

export type WireResponse =
  | { id: number; ok: true; status: number; headers: [string, string][]; body: ArrayBuffer }
  | { id: number; ok: false; error: string };

/** Set in the worker's workerData, so the entry knows it was started as the platform thread. */
export const PLATFORM_THREAD_ROLE = "gpu-cloud-platform";
