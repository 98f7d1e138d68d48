/** An image the editor uploaded: the attachment id the upload route gave, and where it is served. */
export interface UploadedImage {
  id: string;
  url: string;
  name: string;
}

/**
 * POSTs one file to the page's upload route (multipart, one field) and reads
 * its JSON answer: `{ id, url }`, or `{ error }` (also `message`/`reason`) with
 * the reason in Chinese (a string, or an object with `message`). Throws an Error carrying that reason.
 */
export async function uploadImage(
  target: string,
  file: File,
  field: string,
  fallbackError: string,
): Promise<UploadedImage> {
  const body = new FormData();
  body.append(field, file);
  let response: Response;
  try {
    response = await fetch(target, { method: "POST", body, headers: { Accept: "application/json" } });
  } catch {
    throw new Error(fallbackError);
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const id = answer?.id;
  const url = answer?.url;
  if (response.ok && (typeof id === "string" || typeof id === "number") && typeof url === "string")
    return { id: String(id), url, name: file.name };
  throw new Error(reasonOf(answer) ?? fallbackError);
}

function reasonOf(answer: Record<string, unknown> | null): string | null {
  for (const value of [answer?.error, answer?.message, answer?.reason]) {
    if (typeof value === "string" && value) return value;
    const nested = (value as { message?: unknown } | undefined)?.message;
    if (typeof nested === "string" && nested) return nested;
  }
  return null;
}
