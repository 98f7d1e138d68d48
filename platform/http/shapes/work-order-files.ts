import { workOrderFilePath, type WorkOrderFileWire } from "../../contract/work-orders";
import type { WorkOrderFile } from "../../modules/uploads/files";

/** An upload on the wire: its URL is the web tier's checked route (workOrderFilePath). */
export const toWorkOrderFileWire = (f: WorkOrderFile): WorkOrderFileWire => ({
  id: f.id,
  name: f.name,
  mime: f.mime,
  size: f.size,
  width: f.width,
  height: f.height,
  url: workOrderFilePath(f.id),
  created_at: f.createdAt.toISOString(),
});
