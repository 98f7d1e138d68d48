/**
 * Where uploaded files live: the filesystem under DATA_DIR by default; an
 * S3-compatible object store (PutObject / GetObject / DeleteObject on one
 * bucket, the key as the object name) fits the same three calls for several
 * nodes (docs/decisions/037-uploads.md).
 */
export interface StorageProvider {
  /** Stores the bytes under the key, replacing nothing: keys are new random names. Resolves once they are durable. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes stored under the key, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are made by the platform, never by a client: lower-case letters, digits,
 * "-" and "_" in "/"-separated segments, none of them "." or "..".
 */
const KEY = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
