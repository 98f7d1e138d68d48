import { z } from "zod";
import * as field from "../../../platform/rules/fields";
import { checkBankCardNumber } from "../../../platform/rules/identity-numbers";
import { checkedBy, idNumberField, personNameField } from "~/utils/verification-fields";

export const SendCodeSchema = z.object({ phone: field.phone("银行预留手机号") });

export const BankCardVerifySchema = z.object({
  name: personNameField,
  id_number: idNumberField,
  card_number: checkedBy("请输入银行卡号", checkBankCardNumber),
  phone: field.phone("银行预留手机号"),
  code: field.smsCode,
});
