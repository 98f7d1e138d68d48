import { servedFileHeaders } from "../contract/uploads";
import type { WorkOrderFileContent } from "../modules/uploads/files";

/**
 * A stored work-order file as an HTTP answer: its bytes with the stored type,
 * nosniff, inline only for raster images, a sandboxing CSP and private
 * caching. The user's read call answers with it; the desk's staff read call
 * (readWorkOrderFileForStaff) answers the same way.
 */
export function servedFileResponse({ file, bytes }: WorkOrderFileContent): Response {
  return new Response(bytes, { status: 200, headers: servedFileHeaders(file) });
}
