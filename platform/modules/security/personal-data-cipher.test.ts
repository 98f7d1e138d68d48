import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  openPersonalData,
  openPersonalText,
  parsePersonalDataKeys,
  PersonalDataSealError,
  personalDataHash,
  sealedKeyId,
  sealPersonalData,
} from "./personal-data-cipher";

const hex = () => randomBytes(32).toString("hex");
const K1 = hex();
const K2 = hex();
const HASH = hex();
const ID = "110101199003074477";
const WHERE = "verification:12:id_number";

const errorOf = (run: () => unknown): Error => {
  try {
    run();
  } catch (e) {
    return e as Error;
  }
  throw new Error("it did not fail");
};

describe("personal data sealed at rest (AES-256-GCM, key id kept)", () => {
  it("seals with the current key and opens again; the stored text holds neither the value nor a key", () => {
    const keys = parsePersonalDataKeys(`k1:${K1}`, HASH);
    const sealed = sealPersonalData(keys, ID, WHERE);
    expect(sealed).toMatch(/^pd1\.k1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(ID);
    expect(sealed).not.toContain(K1);
    expect(openPersonalText(keys, sealed, WHERE)).toBe(ID);
    // A fresh IV each time: the same number seals differently.
    expect(sealPersonalData(keys, ID, WHERE)).not.toBe(sealed);
  });

  it("keeps opening values of a retired key after a rotation, and seals new ones with the new key", () => {
    const before = parsePersonalDataKeys(`k1:${K1}`, HASH);
    const old = sealPersonalData(before, ID, WHERE);
    const after = parsePersonalDataKeys(`k2:${K2}, k1:${K1}`, HASH);
    expect(openPersonalText(after, old, WHERE)).toBe(ID);
    const fresh = sealPersonalData(after, ID, WHERE);
    expect([sealedKeyId(old), sealedKeyId(fresh)]).toEqual(["k1", "k2"]);
    // Once k1 leaves the ring its values no longer open: re-seal them before removing it.
    expect(errorOf(() => openPersonalData(parsePersonalDataKeys(`k2:${K2}`, HASH), old, WHERE))).toBeInstanceOf(
      PersonalDataSealError,
    );
  });

  it("refuses a changed value, another place's value and a wrong key, saying nothing of the value", () => {
    const keys = parsePersonalDataKeys(`k1:${K1}`, HASH);
    const sealed = sealPersonalData(keys, ID, WHERE);
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[4]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    const changed = [...parts.slice(0, 4), flipped.toString("base64url")].join(".");
    const failures = [
      errorOf(() => openPersonalData(keys, changed, WHERE)),
      errorOf(() => openPersonalData(keys, sealed, "verification:13:id_number")),
      errorOf(() => openPersonalData(parsePersonalDataKeys(`k1:${K2}`, HASH), sealed, WHERE)),
      errorOf(() => openPersonalData(keys, "pd1.k1.x.y.z", WHERE)),
      errorOf(() => openPersonalData(keys, ID, WHERE)),
    ];
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(PersonalDataSealError);
      expect(failure.message).not.toContain(ID);
      expect(failure.message).not.toContain(K1);
    }
  });

  it("seals bytes (identity images) as well as text", () => {
    const keys = parsePersonalDataKeys(`k1:${K1}`, HASH);
    const image = randomBytes(4096);
    expect(
      openPersonalData(keys, sealPersonalData(keys, image, "verification:12:front"), "verification:12:front"),
    ).toEqual(image);
  });

  it("hashes a number per kind with its own key, the same every time", () => {
    const keys = parsePersonalDataKeys(`k1:${K1}`, HASH);
    const hash = personalDataHash(keys, "id_number", ID);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(personalDataHash(parsePersonalDataKeys(`k2:${K2}`, HASH), "id_number", ID)).toBe(hash);
    expect(personalDataHash(keys, "card_number", ID)).not.toBe(hash);
    expect(personalDataHash(parsePersonalDataKeys(`k1:${K1}`, hex()), "id_number", ID)).not.toBe(hash);
  });

  it("refuses a malformed ring, naming the entry and never its key", () => {
    const short = "ab".repeat(16);
    const cases: [string, string, string][] = [
      ["", HASH, "the personal data key ring is empty"],
      [`k1:${short}`, HASH, "personal data key k1 must be 64 hex digits (32 bytes)"],
      [`${K1}`, HASH, "personal data key 1 must be written id:hex"],
      [`k1:${K1},k1:${K2}`, HASH, "personal data key id k1 appears twice"],
      [`k1:${K1}`, short, "the personal data hash key must be 64 hex digits (32 bytes)"],
    ];
    for (const [ring, hashKey, message] of cases) {
      const failure = errorOf(() => parsePersonalDataKeys(ring, hashKey));
      expect(failure.message).toBe(message);
      expect(failure.message).not.toContain(short);
    }
  });
});
