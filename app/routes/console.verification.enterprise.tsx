import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EntryStatus } from "~/components/verification/EntryStatus";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { LICENSE_VERIFY_PATH, SELECT_VERIFICATION_PATH } from "~/utils/console-paths";
import { entryView, latestOf, loadVerifications } from "~/utils/verification.server";

export const meta: MetaFunction = () => [{ title: "企业认证 · 实名认证 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { verifications } = await loadVerifications(request);
  return {
    personal: entryView(latestOf(verifications, "personal")),
    enterprise: entryView(latestOf(verifications, "enterprise")),
  };
}

/**
 * 企业认证 (issue 37 §1, decision 100): what it needs (the applicant's personal verification first, the business
 * licence, an authorisation letter when the applicant is not the legal representative), and where the account's
 * enterprise application stands (审核中 while staff review it).
 */
export default function EnterpriseVerificationPage() {
  const { personal, enterprise } = useLoaderData<typeof loader>();
  const personalDone = personal?.state === "verified";
  const canApply = personalDone && (!enterprise || enterprise.state === "rejected");
  return (
    <>
      <h1>企业认证</h1>
      <Panel>
        <PanelTitle>认证状态</PanelTitle>
        <EntryStatus entry={enterprise} retry={canApply ? { to: LICENSE_VERIFY_PATH, label: "上传营业执照" } : null} />
      </Panel>
      <Panel>
        <PanelTitle>所需材料</PanelTitle>
        <ol>
          <li>
            申请人本人的个人实名认证：企业认证须由已完成个人实名认证的账号申请。
            {personalDone ? (
              <span data-testid="personal-ready"> 您已完成个人实名认证。</span>
            ) : (
              <span data-testid="personal-missing">
                {" "}
                您尚未完成个人实名认证，请先<Link to={SELECT_VERIFICATION_PATH}>完成个人实名认证</Link>。
              </span>
            )}
          </li>
          <li>
            营业执照照片（JPG 或 PNG，不超过 10 MB）：系统识别企业名称、统一社会信用代码和法定代表人，请核对后提交。
          </li>
          <li>
            授权书（JPG、PNG 或 PDF）：法定代表人与您实名认证的姓名一致时无需上传；不一致时须上传加盖企业公章的授权书。
          </li>
        </ol>
        <p>每家企业（统一社会信用代码）只能认证一次。提交后由工作人员审核，通常需要1–3个工作日。</p>
      </Panel>
    </>
  );
}
