import type { PersonalDataKeys } from "../security/personal-data-cipher";
import { openPersonalText, sealPersonalData } from "../security/personal-data-cipher";

/** Where a key's sealed secret belongs: bound into the seal, so a secret copied to another key's row does not open. */
const secretContext = (accessKeyId: string) => `open-api-key:${accessKeyId}:secret`;

export const sealKeySecret = (keys: PersonalDataKeys, accessKeyId: string, secret: string) =>
  sealPersonalData(keys, secret, secretContext(accessKeyId));

export const openKeySecret = (keys: PersonalDataKeys, accessKeyId: string, sealed: string) =>
  openPersonalText(keys, sealed, secretContext(accessKeyId));
