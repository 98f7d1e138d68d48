import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * Personal data at rest (issue 37 §3, PIPL): ID numbers, card numbers and
 * identity images are sealed with AES-256-GCM under a key named by its id, and
 * the id is stored with each value, so keys can rotate: new values are sealed
 * with the current key, old ones open with the key they name until they are
 * sealed again. Each value is bound to where it belongs (`context`, e.g.
 * "verification:12:id_number") as the cipher's additional data, so a sealed
 * value copied to another row or field does not open. Uniqueness checks ("one
 * ID number verifies at most N accounts") use a keyed hash (HMAC-SHA256 with
 * its own key), never the number. Nothing here puts a value or a key in an
 * error message.
 */

export interface PersonalDataKeys {
  /** The id of the key new values are sealed with. */
  currentKeyId: string;
  /** Every key that may have sealed a stored value, by id: 32 bytes each. */
  keys: ReadonlyMap<string, Buffer>;
  /** The keyed hash's own key (32 bytes). */
  hashKey: Buffer;
}

const VERSION = "pd1";
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A value that did not open: wrong key, changed bytes, another place's value, or not sealed here at all. */
export class PersonalDataSealError extends Error {
  constructor(reason: string) {
    super(`personal data could not be opened: ${reason}`);
    this.name = "PersonalDataSealError";
  }
}

function key32(hex: string, what: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${what} must be 64 hex digits (32 bytes)`);
  return Buffer.from(hex, "hex");
}

/**
 * The key ring from its configuration: `ring` lists `id:hex` pairs separated
 * by commas, the current key first (e.g. "k2:<64 hex>,k1:<64 hex>");
 * `hashKey` is 64 hex digits. A malformed entry names itself, never its key.
 */
export function parsePersonalDataKeys(ring: string, hashKey: string): PersonalDataKeys {
  const keys = new Map<string, Buffer>();
  const entries = ring
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("the personal data key ring is empty");
  entries.forEach((entry, i) => {
    const at = entry.indexOf(":");
    const id = at > 0 ? entry.slice(0, at) : "";
    if (!KEY_ID.test(id)) throw new Error(`personal data key ${i + 1} must be written id:hex`);
    if (keys.has(id)) throw new Error(`personal data key id ${id} appears twice`);
    keys.set(id, key32(entry.slice(at + 1), `personal data key ${id}`));
  });
  return { currentKeyId: [...keys.keys()][0]!, keys, hashKey: key32(hashKey, "the personal data hash key") };
}

const b64 = (b: Buffer) => b.toString("base64url");

/** Seals `value` for `context` with the current key: "pd1.<key id>.<iv>.<tag>.<ciphertext>" (base64url parts). */
export function sealPersonalData(keys: PersonalDataKeys, value: string | Buffer, context: string): string {
  const key = keys.keys.get(keys.currentKeyId);
  if (!key) throw new Error("the current personal data key is missing from the ring");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([
    cipher.update(typeof value === "string" ? Buffer.from(value, "utf8") : value),
    cipher.final(),
  ]);
  return [VERSION, keys.currentKeyId, b64(iv), b64(cipher.getAuthTag()), b64(sealed)].join(".");
}

/** The key id a sealed value names (to find the values still sealed with a retired key). */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split(".");
  return parts.length === 5 && parts[0] === VERSION && KEY_ID.test(parts[1]!) ? parts[1]! : null;
}

/** Opens a value sealed for `context`; PersonalDataSealError otherwise. */
export function openPersonalData(keys: PersonalDataKeys, sealed: string, context: string): Buffer {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new PersonalDataSealError("not a sealed value");
  const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
  const key = keys.keys.get(keyId);
  if (!key) throw new PersonalDataSealError(`key ${KEY_ID.test(keyId) ? keyId : "?"} is not in the ring`);
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new PersonalDataSealError("malformed");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
  } catch {
    throw new PersonalDataSealError("it was changed, or belongs elsewhere");
  }
}

/** The same as openPersonalData, as text. */
export const openPersonalText = (keys: PersonalDataKeys, sealed: string, context: string): string =>
  openPersonalData(keys, sealed, context).toString("utf8");

/**
 * The keyed hash of a number for uniqueness checks, per kind (an ID number
 * and a card number with the same digits hash differently): hex HMAC-SHA256.
 */
export function personalDataHash(keys: PersonalDataKeys, kind: string, value: string): string {
  return createHmac("sha256", keys.hashKey).update(`${kind}\u0000${value}`, "utf8").digest("hex");
}
