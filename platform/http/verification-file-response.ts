import type { VerificationFileContent } from "../modules/verification/files";

/**
 * A verification file as an HTTP answer (issue 37 §3), to its owner or to a reviewer: its type, nosniff, a sandboxing
 * CSP, PDFs as downloads, and `Cache-Control: no-store` (nothing keeps a copy of an ID card).
 */
export function verificationFileResponse({ file, bytes }: VerificationFileContent): Response {
  return new Response(bytes, {
    status: 200,
    headers: {
      "content-type": file.mime,
      "content-length": String(bytes.byteLength),
      "content-disposition": file.mime === "application/pdf" ? "attachment" : "inline",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; img-src 'self' data:; sandbox",
      "cache-control": "private, no-store",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}
