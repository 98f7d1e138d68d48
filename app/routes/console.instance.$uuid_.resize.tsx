import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DiskChoices, DiskConfirm } from "~/components/instances/GrowDataDisk";
import { ResizeChoices, ResizeConfirm } from "~/components/instances/ResizeInstance";
import { FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import { instancePath } from "~/utils/console-paths";
import {
  diskGrowthConfirmed,
  GrowDiskSchema,
  loadResizePage,
  resizeConfirmed,
  ResizeSchema,
} from "~/utils/resize.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "调整配置 · 算力云" }];

/**
 * Resizing an instance (decisions 081 and 093): GET lists the GPU counts and data disk sizes with their prices,
 * `?gpu_count=` or `?data_disk_gb=` confirms one; POST (intent resize or grow_disk) applies it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return loadResizePage(token, params.uuid ?? "", new URL(request.url));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      resize: intent(ResizeSchema, async (input, { guard }) => {
        const done = await resizeConfirmed(guard.token, input);
        return redirectWithToast(instancePath(input.instance_uuid), { type: "success", message: done.message });
      }),
      grow_disk: intent(GrowDiskSchema, async (input, { guard }) => {
        const done = await diskGrowthConfirmed(guard.token, input);
        return redirectWithToast(instancePath(input.instance_uuid), { type: "success", message: done.message });
      }),
    }),
  });
}

export default function ResizeInstancePage() {
  const data = useLoaderData<typeof loader>();
  const { instance, blocked, options, chosen, choiceError, operationKey } = data;
  const { diskBlocked, diskOptions, chosenDisk, diskChoiceError } = data;
  const result = useActionData<typeof action>();
  const growing = result?.intent === "grow_disk";
  const refused = growing ? null : (result?.fieldErrors.gpu_count ?? result?.formError ?? null);
  const diskRefused = growing ? (result?.fieldErrors.data_disk_gb ?? result?.formError ?? null) : null;
  return (
    <>
      <h1>调整配置</h1>
      {!chosenDisk && (
        <Panel>
          <PanelTitle>GPU数量</PanelTitle>
          {blocked && !chosen && (
            <p data-testid="resize-blocked">
              {blocked}。<Link to={instancePath(instance.InstanceUuid)}>返回实例</Link>
            </p>
          )}
          {chosen ? (
            <ResizeConfirm instance={instance} option={chosen} operationKey={operationKey} error={refused} />
          ) : (
            options.length > 0 && (
              <ResizeChoices
                instance={instance}
                options={options}
                error={choiceError}
                operationKey={operationKey}
                refused={refused}
              />
            )
          )}
          {!chosen && refused && <FieldError role="alert">{refused}</FieldError>}
        </Panel>
      )}
      {!chosen && (
        <Panel>
          <PanelTitle>数据盘</PanelTitle>
          {diskBlocked && !chosenDisk && <p data-testid="disk-blocked">{diskBlocked}。</p>}
          {chosenDisk ? (
            <DiskConfirm instance={instance} option={chosenDisk} operationKey={operationKey} error={diskRefused} />
          ) : (
            diskOptions.length > 0 && <DiskChoices instance={instance} options={diskOptions} error={diskChoiceError} />
          )}
          {!chosenDisk && diskRefused && <FieldError role="alert">{diskRefused}</FieldError>}
        </Panel>
      )}
    </>
  );
}
