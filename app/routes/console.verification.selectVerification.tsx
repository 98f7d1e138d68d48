import { STUDENT_VERIFY_PATH } from "~/utils/paths";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EntryStatus } from "~/components/verification/EntryStatus";
import { Badge, Panel, PanelTitle, Table } from "~/components/ui/layout";
import {
  BANK_CARD_VERIFY_PATH,
  ENTERPRISE_VERIFY_PATH,
  LICENSE_VERIFY_PATH,
  OTHER_CHANNEL_VERIFY_PATH,
  PERSONAL_VERIFY_AGAIN_PARAM,
  PERSONAL_VERIFY_PATH,
} from "~/utils/console-paths";
import { entryView, latestOf, loadVerifications } from "~/utils/verification.server";
import { verificationLabel, VERIFICATION_LABEL_TEXT } from "../../platform/rules/verification-label";
import { unlockTable } from "../../platform/rules/verification-unlocks";

export const meta: MetaFunction = () => [{ title: "实名认证 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { verifications, unverified_gpu_limit } = await loadVerifications(request);
  return {
    label: verificationLabel(verifications),
    personal: entryView(latestOf(verifications, "personal")),
    enterprise: entryView(latestOf(verifications, "enterprise")),
    student: entryView(latestOf(verifications, "student")),
    unlocks: unlockTable({ unverifiedGpuLimit: unverified_gpu_limit }),
  };
}

/**
 * 实名认证 (issue 37 §1): where the account stands, the ways to verify that exist, and what verification unlocks
 * (the table of platform/rules/verification-unlocks.ts, with the configured GPU limit).
 */
export default function SelectVerificationPage() {
  const { label, personal, enterprise, student, unlocks } = useLoaderData<typeof loader>();
  const personalDone = personal?.state === "verified";
  const bankCard = { to: BANK_CARD_VERIFY_PATH, label: "银行卡认证" };
  // A rejected or waiting ID card application continues on its own page.
  const idFace =
    personal?.method === "id_face"
      ? { to: `${PERSONAL_VERIFY_PATH}?${PERSONAL_VERIFY_AGAIN_PARAM}=1`, label: "重新认证" }
      : null;
  return (
    <>
      <h1>
        实名认证{" "}
        <Badge tone={label === "unverified" ? "muted" : "primary"} data-testid="verification-label">
          {VERIFICATION_LABEL_TEXT[label]}
        </Badge>
      </h1>
      <Panel>
        <PanelTitle>个人认证</PanelTitle>
        <EntryStatus entry={personal} retry={personal?.state === "verified" ? null : (idFace ?? bankCard)} />
        {personal?.state === "pending" && personal.method === "id_face" && (
          <p>
            <Link to={PERSONAL_VERIFY_PATH}>继续人脸核验</Link>
          </p>
        )}
        {(!personal || personal.state === "rejected") && (
          <ul>
            <li>
              <Link to={PERSONAL_VERIFY_PATH}>身份证与人脸认证</Link>：上传身份证人像面和国徽面，确认姓名和身份证号后，
              用手机扫码完成人脸核验。
            </li>
            <li>
              <Link to={BANK_CARD_VERIFY_PATH}>银行卡认证</Link>：填写姓名、身份证号、本人银行卡号及银行预留手机号，
              短信验证后即时完成。
            </li>
            <li>
              <Link to={OTHER_CHANNEL_VERIFY_PATH}>其他方式认证</Link>
              ：护照、港澳台通行证、外国人永久居留身份证等，上传证件及证明材料，人工审核（1–3个工作日）。
            </li>
          </ul>
        )}
      </Panel>
      <Panel>
        <PanelTitle>企业认证</PanelTitle>
        <EntryStatus
          entry={enterprise}
          retry={
            personalDone && enterprise?.state !== "verified" ? { to: LICENSE_VERIFY_PATH, label: "上传营业执照" } : null
          }
        />
        <p>
          <Link to={ENTERPRISE_VERIFY_PATH}>企业认证</Link>
          ：上传营业执照，核对企业信息；申请人非法定代表人时上传授权书，人工审核（1–3个工作日）。
          {!personalDone && "须先完成个人实名认证。"}
        </p>
      </Panel>
      <Panel>
        <PanelTitle>学生认证</PanelTitle>
        <EntryStatus
          entry={student}
          retry={personalDone && student?.state !== "verified" ? { to: STUDENT_VERIFY_PATH, label: "学生认证" } : null}
        />
        <p>
          <Link to={STUDENT_VERIFY_PATH}>学生认证</Link>
          ：学校邮箱（*.edu.cn）验证码即时完成，或上传学生证、学信网在线验证报告人工审核；毕业后失效，可领取学生专享优惠券。
          {!personalDone && "须先完成个人实名认证。"}
        </p>
      </Panel>
      <Panel>
        <PanelTitle>认证后可享</PanelTitle>
        <Table>
          <thead>
            <tr>
              <th scope="col">权益</th>
              <th scope="col">说明</th>
              <th scope="col">适用认证</th>
            </tr>
          </thead>
          <tbody>
            {unlocks.map((u) => (
              <tr key={u.title}>
                <td>{u.title}</td>
                <td>{u.detail}</td>
                <td>{u.for.map((l) => ({ personal: "个人", student: "学生", enterprise: "企业" })[l]).join("、")}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Panel>
    </>
  );
}
