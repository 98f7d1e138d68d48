import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BuyCloudDiskForm } from "~/components/cloud-disk/BuyCloudDiskForm";
import { CloudDiskTable } from "~/components/cloud-disk/CloudDiskTable";
import { ConfirmCloudDisk } from "~/components/cloud-disk/ConfirmCloudDisk";
import { FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { getSftpPassword, getSftpSizeInfo } from "~/upstream/cloud-disk.server";
import { formAction } from "~/utils/action.server";
import {
  BuySchema,
  confirmPurchase,
  confirmQuestion,
  ExpandSchema,
  MONTH_CHOICES,
  RenewSchema,
  SUB_ACCOUNT_REFUSAL,
} from "~/utils/cloud-disk.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "云盘 · 算力云" }];

/** The account's cloud disks, the buy form, and (with `?confirm=…`) the price of a purchase to confirm. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, SUB_ACCOUNT_REFUSAL);
    const url = new URL(request.url);
    const reveal = url.searchParams.get("reveal");
    const [info, revealed] = await Promise.all([
      getSftpSizeInfo(token),
      reveal ? getSftpPassword(token, reveal).then((p) => ({ regionCode: reveal, password: p.SftpPassword })) : null,
    ]);
    return {
      info,
      revealed,
      question: confirmQuestion(url, info, new Date()),
      months: MONTH_CHOICES,
      // One key per rendering of the confirm form: a second submission of it buys nothing more.
      operationKey: randomUUID(),
    };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: (r) => requireMainAccount(r, SUB_ACCOUNT_REFUSAL),
    intents: (intent) => ({
      buy: intent(BuySchema, (input, { guard }) => confirmPurchase(guard.token, "buy", input)),
      expand: intent(ExpandSchema, (input, { guard }) => confirmPurchase(guard.token, "expand", input)),
      renew: intent(RenewSchema, (input, { guard }) => confirmPurchase(guard.token, "renew", input)),
    }),
  });
}

export default function CloudDiskPage() {
  const { info, revealed, question, operationKey, months } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const taken = new Set(info.disks.map((d) => d.RegionCode));
  const refusals = result ? [result.formError, ...Object.values(result.fieldErrors)].filter((e) => e !== null) : [];
  const buyErrors = question?.op === "buy" && question.fieldErrors ? question.fieldErrors : {};
  const diskErrors =
    question && question.op !== "buy" && question.fieldErrors ? Object.values(question.fieldErrors) : [];
  return (
    <>
      <h1>云盘</h1>
      {question?.confirmation && (
        <Panel>
          <ConfirmCloudDisk
            confirmation={question.confirmation}
            operationKey={operationKey}
            retentionDays={info.RetentionDays}
            errors={refusals}
          />
          {result?.formError && (
            <p>
              <Link to="/console/recharge">去充值</Link>
            </p>
          )}
        </Panel>
      )}
      <Panel>
        <PanelTitle>我的云盘</PanelTitle>
        {diskErrors.map((e) => (
          <FieldError key={e} role="alert">
            {e}
          </FieldError>
        ))}
        <CloudDiskTable disks={info.disks} months={months} revealed={revealed} />
      </Panel>
      <Panel>
        <PanelTitle>购买云盘</PanelTitle>
        <BuyCloudDiskForm
          regions={info.regions.map((r) => ({ ...r, taken: taken.has(r.code) }))}
          months={months}
          pricePerGbMonth={info.PricePerGbMonth}
          limits={{ minGb: info.MinGb, maxGb: info.MaxGb, stepGb: info.StepGb }}
          values={question?.op === "buy" ? question.values : {}}
          errors={buyErrors}
        />
      </Panel>
    </>
  );
}
