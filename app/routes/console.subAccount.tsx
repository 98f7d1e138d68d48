import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AddSubAccountPanel } from "~/components/sub-accounts/AddSubAccountPanel";
import { SubAccountCard } from "~/components/sub-accounts/SubAccountCard";
import {
  addSubAccount,
  deleteSubAccount,
  disableSubAccount,
  enableSubAccount,
  listSubAccounts,
  resetSubAccountPassword,
  updateSubAccountBudget,
  updateSubAccountLimit,
  updateSubAccountPermissions,
} from "~/upstream/sub-accounts.server";
import { formAction } from "~/utils/action.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import * as field from "../../platform/rules/fields";
import { fenToYuan } from "../../platform/rules/money";
import { SUB_ACCOUNT_NAME_PATTERN } from "../../platform/rules/validation";

export const meta: MetaFunction = () => [{ title: "子账号管理 · 算力云" }];

const PAGE = "/console/subAccount";
/** At most ¥10,000,000.00 for a limit or a budget (as the platform). */
const MAX_AMOUNT_FEN = 1_000_000_000;

/** The main account's guard; a sub-account finds no such page here (404). */
async function requireMainAccountOr404(request: Request) {
  const guarded = await requireUser(request);
  if (guarded.user.SubAccount) throw new Response("页面不存在", { status: 404 });
  return guarded;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccountOr404(request);
    return { subAccounts: (await listSubAccounts(token)).sub_accounts };
  });
}

/** An amount typed in yuan, checked as the platform checks it, sent on as yuan with two decimals. */
const yuan = (tooLarge: string) => field.amountUpTo(MAX_AMOUNT_FEN, tooLarge).transform(fenToYuan);
const id = z.string().regex(/^[1-9]\d{0,15}$/, "子账号编号无效");
const box = z
  .literal("1")
  .optional()
  .transform((v): "0" | "1" => (v ? "1" : "0"));

const AddForm = z.object({
  name: field
    .requiredText("子账号名称", 32)
    .regex(SUB_ACCOUNT_NAME_PATTERN, "子账号名称需为2-32位字母、数字、汉字、下划线或短横线"),
  password: field.newPassword,
  money_limit: yuan("额度不能超过 ¥10,000,000.00"),
});
const IdForm = z.object({ id });
const LimitForm = z.object({ id, money_limit: yuan("额度不能超过 ¥10,000,000.00") });
const PasswordForm = z.object({ id, password: field.newPassword });
const BudgetForm = z.object({
  id,
  monthly_budget: z.union([z.literal(""), yuan("预算不能超过 ¥10,000,000.00")]),
  stop_at_budget: box,
});
const PermissionsForm = z.object({ id, may_rent: box, sees_main_notifications: box });
const DeleteForm = z.object({ id, confirm: field.ticked("请勾选确认删除") });

export async function action({ request }: ActionFunctionArgs) {
  const done = (message: string) => redirectWithToast(PAGE, { message });
  return formAction(request, {
    guard: requireMainAccountOr404,
    intents: (intent) => ({
      add: intent(AddForm, async (input, { guard }) => {
        await addSubAccount(guard.token, input);
        return done(`子账号「${input.name}」已添加`);
      }),
      limit: intent(LimitForm, async (input, { guard }) => {
        await updateSubAccountLimit(guard.token, input);
        return done("额度已保存");
      }),
      password: intent(PasswordForm, async (input, { guard }) => {
        await resetSubAccountPassword(guard.token, input);
        return done("密码已重置，该子账号需用新密码重新登录");
      }),
      budget: intent(BudgetForm, async (input, { guard }) => {
        await updateSubAccountBudget(guard.token, input);
        return done("预算已保存");
      }),
      permissions: intent(PermissionsForm, async (input, { guard }) => {
        await updateSubAccountPermissions(guard.token, input);
        return done("权限已保存");
      }),
      disable: intent(IdForm, async ({ id }, { guard }) => {
        await disableSubAccount(guard.token, id);
        return done("子账号已停用，其登录已失效");
      }),
      enable: intent(IdForm, async ({ id }, { guard }) => {
        await enableSubAccount(guard.token, id);
        return done("子账号已启用");
      }),
      delete: intent(DeleteForm, async ({ id }, { guard }) => {
        await deleteSubAccount(guard.token, id);
        return done("子账号已删除");
      }),
    }),
  });
}

export default function SubAccountPage() {
  const { subAccounts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>子账号管理</h1>
      <AddSubAccountPanel result={result?.intent === "add" ? result : null} />
      {subAccounts.length === 0 ? (
        <p>还没有子账号。</p>
      ) : (
        subAccounts.map((sub) => <SubAccountCard key={sub.id} sub={sub} result={result} />)
      )}
    </>
  );
}
