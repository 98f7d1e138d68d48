/** Paths of the staff desk's parameterised routes (see paths.ts for the rules these builders follow). */

/** app/routes/desk.orders.$id.tsx: one work order in the staff desk. */
export function deskOrderPath(id: number): string {
  return `/desk/orders/${encodeURIComponent(String(id))}`;
}

/** app/routes/desk_.files.$id.ts: a work-order file as staff fetch it (the desk's own session, never the user's). */
export function deskFilePath(id: number): string {
  return `/desk/files/${encodeURIComponent(String(id))}`;
}

/** app/routes/desk_.orders.$id.upload.ts: the desk editor's image upload for one order (the staff session). */
export function deskOrderUploadPath(id: number): string {
  return `${deskOrderPath(id)}/upload`;
}
