import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FaceLink } from "~/components/verification/FaceLink";
import { EntryStatus } from "~/components/verification/EntryStatus";
import { PhotoField } from "~/components/verification/PhotoField";
import { Button } from "~/components/ui/Button";
import { Field, FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { PERSONAL_VERIFY_AGAIN_PARAM, PERSONAL_VERIFY_PATH, SELECT_VERIFICATION_PATH } from "~/utils/console-paths";
import { handlePersonalAction } from "./actions.server";
import { personalStep, type PersonalStep } from "./view.server";

export const meta: MetaFunction = () => [{ title: "身份证与人脸认证 · 实名认证 · 算力云" }];

export function loader({ request }: LoaderFunctionArgs) {
  return personalStep(request);
}

export function action({ request }: ActionFunctionArgs) {
  return handlePersonalAction(request);
}

/** How often the waiting step asks for the face check's result (with JavaScript; without, the page refreshes). */
const POLL_MS = 3000;

/**
 * While the face check waits, a fetcher asks this page's loader every 3 s; once it is decided the whole page loads
 * again (so the account menu's tag follows). The step shown is the fetcher's newest while the page's is waiting.
 */
function usePolledStep(loaded: PersonalStep): PersonalStep {
  const fetcher = useFetcher<typeof loader>();
  const revalidator = useRevalidator();
  const latest = useRef(fetcher);
  latest.current = fetcher;
  const waiting = loaded.step === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (latest.current.state === "idle") latest.current.load(PERSONAL_VERIFY_PATH);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
  const polled = fetcher.data?.step;
  useEffect(() => {
    if (waiting && polled && polled !== "waiting" && revalidator.state === "idle") revalidator.revalidate();
  }, [waiting, polled, revalidator]);
  return waiting && fetcher.data ? fetcher.data : loaded;
}

/**
 * 身份证与人脸认证 (issue 37 §1): upload both sides of the ID card → confirm or correct the name and ID number OCR
 * read → open the face check's link on a phone (QR code) → a waiting step that refreshes itself (without JavaScript
 * too) → verified, or failed with the reason and 重新认证. Plain forms throughout; values shown after the decision are
 * masked.
 */
export default function PersonalVerifyPage() {
  const view = usePolledStep(useLoaderData<typeof loader>());
  const back = (
    <p>
      <Link to={SELECT_VERIFICATION_PATH}>返回实名认证</Link>
    </p>
  );
  return (
    <>
      {/* Without JavaScript the waiting step refreshes itself every 3 s. */}
      {view.step === "waiting" && (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      )}
      <h1>身份证与人脸认证</h1>
      <Panel>
        <StepBody view={view} />
        {back}
      </Panel>
    </>
  );
}

function StepBody({ view }: { view: PersonalStep }) {
  switch (view.step) {
    case "verified":
    case "busy":
      return <EntryStatus entry={view.entry} retry={null} />;
    case "failed":
      return (
        <>
          <EntryStatus entry={view.entry} retry={null} />
          <Form method="get">
            <input type="hidden" name={PERSONAL_VERIFY_AGAIN_PARAM} value="1" />
            <Button type="submit">重新认证</Button>
          </Form>
        </>
      );
    case "start-face":
      return <StartFace />;
    case "waiting":
      return (
        <>
          <PanelTitle>第三步：手机人脸核验</PanelTitle>
          <FaceLink url={view.url} qrSvg={view.qrSvg} expiresAt={view.expiresAt} />
          <p role="status" data-testid="face-waiting">
            等待人脸核验结果…完成后本页面会自动显示结果。
          </p>
          <p>
            <Link to={PERSONAL_VERIFY_PATH}>刷新结果</Link>
          </p>
        </>
      );
    case "confirm":
      return <ConfirmForm card={view.card} />;
    case "upload":
      return <UploadForm notice={view.notice} />;
  }
}

function UploadForm({ notice }: { notice: string | null }) {
  const result = useActionData<typeof action>();
  const errors = result?.intent === "upload" ? result.fieldErrors : {};
  return (
    <>
      <PanelTitle>第一步：上传身份证照片</PanelTitle>
      <p>
        请上传本人居民身份证人像面和国徽面的清晰照片（JPG 或 PNG，每张不超过 10 MB）。照片加密保存，仅用于实名认证。
      </p>
      {notice && <p role="status">{notice}</p>}
      <Form method="post" encType="multipart/form-data" noValidate>
        {result?.intent === "upload" && result.formError && <FieldError role="alert">{result.formError}</FieldError>}
        <PhotoField label="身份证人像面" name="front" hint="有姓名、照片和身份证号的一面" error={errors.front} />
        <PhotoField label="身份证国徽面" name="back" hint="有签发机关和有效期限的一面" error={errors.back} />
        <StatusButton intent="upload" pendingText="识别中…">
          上传并识别
        </StatusButton>
      </Form>
    </>
  );
}

function ConfirmForm({ card }: { card: Extract<PersonalStep, { step: "confirm" }>["card"] }) {
  const result = useActionData<typeof action>();
  const mine = result?.intent === "confirm";
  const values = mine ? result.values : {};
  const errors = mine ? result.fieldErrors : {};
  const fileError = errors.front_file_id ?? errors.back_file_id;
  return (
    <>
      <PanelTitle>第二步：确认身份信息</PanelTitle>
      <p>以下信息由身份证照片识别得出，请核对，如有错误请直接修改。</p>
      <p>
        签发机关：{card.issuedBy}　有效期限：{card.validPeriod}
      </p>
      <Form method="post" noValidate>
        {mine && result.formError && <FieldError role="alert">{result.formError}</FieldError>}
        {fileError && (
          <FieldError role="alert">
            {fileError} <Link to={PERSONAL_VERIFY_PATH}>重新上传</Link>
          </FieldError>
        )}
        <input type="hidden" name="front_file_id" value={card.frontFileId} />
        <input type="hidden" name="back_file_id" value={card.backFileId} />
        <Field
          label="姓名"
          name="name"
          autoComplete="off"
          maxLength={20}
          defaultValue={values.name ?? card.name}
          error={errors.name}
        />
        <Field
          label="身份证号"
          name="id_number"
          autoComplete="off"
          maxLength={18}
          defaultValue={values.id_number ?? card.idNumber}
          error={errors.id_number}
        />
        <StatusButton intent="confirm" pendingText="提交中…">
          确认并开始人脸核验
        </StatusButton>
      </Form>
      <p>
        <Link to={PERSONAL_VERIFY_PATH}>重新上传照片</Link>
      </p>
    </>
  );
}

function StartFace() {
  const result = useActionData<typeof action>();
  return (
    <>
      <PanelTitle>第三步：手机人脸核验</PanelTitle>
      <p>身份信息已提交。请开始人脸核验：页面将显示二维码，请用本人手机扫码完成核验。</p>
      <Form method="post">
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        <StatusButton intent="start-face" pendingText="正在发起…">
          开始人脸核验
        </StatusButton>
      </Form>
    </>
  );
}
