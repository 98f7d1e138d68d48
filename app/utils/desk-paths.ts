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

/** app/routes/desk.content.$kind._index.tsx: the desk's list of one kind of public content (doc, dataset, …). */
export function deskContentListPath(kind: string): string {
  return `/desk/content/${encodeURIComponent(kind)}`;
}

/** app/routes/desk.content.$kind.new.tsx: the desk's form for a new item of a kind. */
export function deskContentNewPath(kind: string): string {
  return `${deskContentListPath(kind)}/new`;
}

/** app/routes/desk.content.$kind.$id.tsx: one item's edit page; with `version`, that saved version shown (查看). */
export function deskContentItemPath(kind: string, id: number, version?: number): string {
  const path = `${deskContentListPath(kind)}/${encodeURIComponent(String(id))}`;
  return version === undefined ? path : `${path}?version=${encodeURIComponent(String(version))}`;
}

/** app/routes/desk.verification.$id.tsx: one real-name verification application under review. */
export function deskVerificationPath(id: number): string {
  return `/desk/verification/${encodeURIComponent(String(id))}`;
}

/** app/routes/desk_.verification-files.$entry.$file.ts: an application's file for the reviewer who revealed it. */
export function deskVerificationFilePath(entryId: number, fileId: number, revealId: number): string {
  return `/desk/verification-files/${encodeURIComponent(String(entryId))}/${encodeURIComponent(String(fileId))}?reveal=${encodeURIComponent(String(revealId))}`;
}

/** app/routes/desk.invoices.$id.tsx: one invoice application in finance's desk. */
export function deskInvoicePath(id: number): string {
  return `/desk/invoices/${encodeURIComponent(String(id))}`;
}

/** app/routes/desk_.invoices.$id.pdf.ts: an application's PDF as finance fetches it (?red=1: the red-letter one). */
export function deskInvoicePdfPath(id: number, red = false): string {
  return `/desk/invoices/${encodeURIComponent(String(id))}/pdf${red ? "?red=1" : ""}`;
}

/** app/routes/desk.points.$id.tsx: one points-store item's edit page in 运营's desk. */
export function deskStoreItemPath(id: number): string {
  return `/desk/points/${encodeURIComponent(String(id))}`;
}
