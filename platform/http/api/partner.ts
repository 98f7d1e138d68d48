import { Hono } from "hono";
import { z } from "zod";
import type { PartnerCalls } from "../../contract/partner";
import {
  commissionEntries,
  commissionWithdrawals,
  incomeSummary,
  withdrawToBank,
  withdrawToWallet,
} from "../../modules/partner/income";
import { becomePartner, partnerOf, partnerStanding, referredAccounts } from "../../modules/partner/partners";
import { recordTouch } from "../../modules/partner/touches";
import { amountFen } from "../../rules/fields";
import { isReferralCode } from "../../rules/referral-code";
import { callerFromForm, optionalCallerFromForm, type Env } from "../context";
import * as f from "../fields";
import {
  toCommissionEntry,
  toCommissionWithdrawal,
  toIncomeSummary,
  toPartnerStanding,
  toReferredAccount,
} from "../shapes/partner";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The sales-partner program and income (issue 39 §2, decisions 114 and 115). */
export const partnerApi = new Hono<Env>();
const on = contractRoutes<PartnerCalls>(partnerApi);

const operationKey = z
  .string({ required_error: "缺少操作标识，请刷新页面后重试", invalid_type_error: "操作标识格式不正确" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "操作标识格式不正确，请刷新页面后重试");

const JoinFields = z.object({ agree: f.agreement });
const TouchFields = z.object({ code: f.requiredText("推广码", 16) });
const WithdrawFields = z.object({ amount: amountFen, operation_key: operationKey });
const WithdrawToBankFields = WithdrawFields.extend({ account: f.requiredText("收款账户", 200) });

on.post("/sales_partner/standing", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toPartnerStanding(await partnerStanding(c.var.ctx, caller));
});

on.post("/sales_partner/join", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(JoinFields, form);
  await becomePartner(c.var.ctx, caller, { agreed: input.agree });
  return toPartnerStanding(await partnerStanding(c.var.ctx, caller));
});

on.post("/sales_partner/dashboard", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  const { code } = await partnerOf(c.var.ctx, caller);
  const [referred, summary] = [await referredAccounts(c.var.ctx, caller), await incomeSummary(c.var.ctx, caller)];
  return { Code: code, Referred: referred.map(toReferredAccount), Summary: toIncomeSummary(summary) };
});

on.post("/sales_partner/touch", async (c) => {
  const form = await readForm(c);
  const caller = await optionalCallerFromForm(c, form);
  const input = parseFields(TouchFields, form);
  const touchId = isReferralCode(input.code)
    ? await recordTouch(c.var.ctx, {
        code: input.code,
        signedInUserId: caller?.userId ?? null,
        signedInSubAccountId: caller?.subAccountId ?? null,
      })
    : null;
  return { TouchId: touchId };
});

on.post("/income/list", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  const summary = await incomeSummary(c.var.ctx, caller);
  const entries = await commissionEntries(c.var.ctx, caller);
  const withdrawals = await commissionWithdrawals(c.var.ctx, caller);
  return {
    Summary: toIncomeSummary(summary),
    Entries: entries.map(toCommissionEntry),
    Withdrawals: withdrawals.map(toCommissionWithdrawal),
  };
});

on.post("/income/withdraw_to_wallet", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(WithdrawFields, form);
  const done = await withdrawToWallet(c.var.ctx, caller, {
    amountFen: input.amount,
    operationKey: input.operation_key,
  });
  return toCommissionWithdrawal(done);
});

on.post("/income/withdraw_to_bank", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(WithdrawToBankFields, form);
  const done = await withdrawToBank(c.var.ctx, caller, {
    amountFen: input.amount,
    operationKey: input.operation_key,
    account: input.account,
  });
  return toCommissionWithdrawal(done);
});
