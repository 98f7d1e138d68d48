import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CustomImageTable } from "~/components/images/CustomImageTable";
import { DeleteImageConfirm } from "~/components/images/DeleteImageConfirm";
import { SaveImageForm } from "~/components/images/SaveImageForm";
import { usePollWhile } from "~/components/instances/use-poll-while";
import { FieldError } from "~/components/ui/Field";
import { Muted, Panel, PanelTitle } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import {
  deleteImage,
  DeleteImageSchema,
  loadCustomImagePage,
  renameImage,
  RenameImageSchema,
  saveImage,
  SaveImageSchema,
} from "~/utils/custom-images.server";
import { requireUser } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "我的镜像 · 算力云" }];

/** The caller's custom images (decision 088): save a stopped instance's system disk, rename, delete (asked first). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return loadCustomImagePage(token, new URL(request.url));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      save: intent(SaveImageSchema, (input, { guard }) => saveImage(guard.token, input)),
      rename: intent(RenameImageSchema, (input, { guard }) => renameImage(guard.token, input)),
      delete: intent(DeleteImageSchema, (input, { guard }) => deleteImage(guard.token, input)),
    }),
  });
}

export default function CustomizeImagePage() {
  const { list, saveFrom, confirmDelete, deleteMissing, operationKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  usePollWhile(list.Images.some((i) => i.State === "saving"));
  const failed = result && !result.ok ? result : null;
  const saveErrors = failed?.intent === "save" ? failed.fieldErrors : {};
  const rowError =
    failed?.intent === "rename"
      ? { imageId: failed.values.image_id ?? "", error: failed.fieldErrors.name ?? failed.formError ?? STALE }
      : null;
  const deleteError = failed?.intent === "delete" ? (failed.formError ?? Object.values(failed.fieldErrors)[0]) : null;
  const q = list.Quota;
  return (
    <>
      <h1>我的镜像</h1>
      {confirmDelete && (
        <Panel>
          <PanelTitle>删除镜像</PanelTitle>
          <DeleteImageConfirm image={confirmDelete} error={deleteError ?? null} />
        </Panel>
      )}
      <Panel>
        <PanelTitle>我的镜像</PanelTitle>
        <p data-testid="image-quota">
          已用 {q.UsedCount}/{q.MaxCount} 个，{q.UsedGb}/{q.MaxGb} GB
          <Muted>（账户配额，含子账号的镜像；在配额内免费保存，超出时不能再保存，请先删除不用的镜像）</Muted>
        </p>
        {deleteMissing && <FieldError role="alert">镜像不存在或已删除</FieldError>}
        {!confirmDelete && deleteError && <FieldError role="alert">{deleteError}</FieldError>}
        {result?.ok && result.notice && <p role="status">{result.notice}</p>}
        <CustomImageTable images={list.Images} rowError={rowError} />
      </Panel>
      <Panel>
        <PanelTitle>保存镜像</PanelTitle>
        <SaveImageForm
          instances={list.SavableInstances}
          saveFrom={saveFrom}
          operationKey={operationKey}
          values={failed?.intent === "save" ? failed.values : {}}
          errors={saveErrors}
          formError={failed?.intent === "save" ? failed.formError : null}
        />
      </Panel>
    </>
  );
}

const STALE = "请求有误，请刷新页面后重试";
