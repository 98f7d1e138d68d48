import { randomBytes } from "node:crypto";
import { isProduction } from "~/env.server";

/** A fresh nonce for one document: 128 random bits. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of our documents (docs/decisions/027). Scripts: our own files and
 * the inline scripts Remix renders with the nonce. Style elements: our own
 * stylesheets and the nonced <style> tags (Stitches' server CSS; Radix's
 * scroll lock style gets the nonce in the browser). Style attributes stay
 * allowed (`style-src-attr 'unsafe-inline'`): React `style={…}` props and
 * Radix's positioning write them, and they cannot run script. `style-src`
 * keeps 'unsafe-inline' only as the fallback for browsers without the
 * `-elem`/`-attr` directives; where those exist they take precedence.
 */
export function documentPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy of everything that is not one of our React documents (resource
 * routes, the /api, /third-party and /sandbox mounts, data requests, the
 * cross-origin refusal page): no script at all; inline styles (the sandbox
 * pages' <style>) and our own images only.
 */
export const RESOURCE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

const HSTS = "max-age=31536000";

/** Sets the security headers on a response's headers; a policy already set by the response is kept. */
export function applySecurityHeaders(headers: Headers, policy: string = RESOURCE_POLICY): void {
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", policy);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (isProduction) headers.set("Strict-Transport-Security", HSTS);
}

/** What an answer that is not a document says to caches when it says nothing itself. */
export const PRIVATE_NO_STORE = "private, no-store";

function applyAnswerHeaders(headers: Headers): void {
  applySecurityHeaders(headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_NO_STORE);
}

/**
 * The response with the security headers and, unless it chose its own
 * caching, `Cache-Control: private, no-store` (its headers copied when they
 * cannot be changed). For everything but documents: resource routes and data
 * answers are read with the caller's cookie, so no cache may keep them for
 * anyone else or after a logout (issue 33 §2). A public one (a contact QR)
 * says so itself.
 */
export function secured(response: Response): Response {
  try {
    applyAnswerHeaders(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applyAnswerHeaders(copy.headers);
    return copy;
  }
}

/**
 * Runs a resource route's loader or action and puts the security headers (and
 * the default Cache-Control, see secured) on its answer when it is a Response,
 * returned or thrown (a redirect or an error page too). Data (an action's form
 * result) goes through unchanged. Every resource route's loader and action run
 * through it (tests/integration/resource-routes-cache.test.ts walks them all).
 */
export async function withSecurityHeaders<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    const answer = await run();
    return answer instanceof Response ? (secured(answer) as T) : answer;
  } catch (error) {
    if (error instanceof Response) throw secured(error);
    throw error;
  }
}
