import { DomainError } from "../../platform/modules/errors";

/**
 * What a module call came to, as a word a test can tally: `success` when it
 * resolved, else the catalogue key of the DomainError it refused with. Any
 * other error is a failure of the test and is thrown on.
 */
export async function outcomeOf(promise: Promise<unknown>, success = "ok"): Promise<string> {
  try {
    await promise;
    return success;
  } catch (error) {
    if (error instanceof DomainError) return error.key;
    throw error;
  }
}
