import { checkBankCardNumber, checkIdNumber } from "../../rules/identity-numbers";
import { checkPersonName } from "../../rules/person-name";
import { PHONE_PATTERN } from "../../rules/validation";
import type { BankCardElements, BankCardProvider, BankCardResult } from "./types";

/** The sandbox's answer for the test pattern (a card number ending 0000): the bank says the four do not belong together. */
export const SANDBOX_BANK_CARD_MISMATCH = "银行卡信息与身份信息不一致";

/**
 * The bank card four-element check of the sandbox (default outside production; issue 37 §4): deterministic, no
 * network. The elements match when the card number passes the Luhn check, the ID number passes GB 11643, the name
 * is 2 to 20 Chinese characters (· allowed) and the phone is a mainland mobile number; except the test pattern, a
 * card number ending 0000, which the "bank" answers as not matching. Nothing is logged.
 */
export class SandboxBankCardProvider implements BankCardProvider {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async verify(elements: BankCardElements): Promise<BankCardResult> {
    const card = checkBankCardNumber(elements.cardNumber);
    if (!card.ok) return { match: false, reason: card.reason };
    const id = checkIdNumber(elements.idNumber, this.now());
    if (!id.ok) return { match: false, reason: id.reason };
    const name = checkPersonName(elements.name);
    if (!name.ok) return { match: false, reason: name.reason };
    if (!PHONE_PATTERN.test(elements.phone)) return { match: false, reason: "银行预留手机号格式不正确" };
    if (card.cardNumber.endsWith("0000")) return { match: false, reason: SANDBOX_BANK_CARD_MISMATCH };
    return { match: true };
  }
}
