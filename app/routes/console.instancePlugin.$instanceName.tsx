import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BuiltinPlugins, CustomPorts } from "~/components/instances/InstancePlugins";
import { FieldError } from "~/components/ui/Field";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { getInstancePlugins } from "~/upstream/plugins.server";
import { formAction } from "~/utils/action.server";
import { instancePath, instancePluginPath } from "~/utils/console-paths";
import {
  ClosePortSchema,
  OpenPortSchema,
  pluginSwitched,
  portClosed,
  portOpened,
  SwitchPluginSchema,
} from "~/utils/plugins.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "实例插件 · 算力云" }];

/**
 * An instance's plugins (spec route `instancePlugin/:instanceName`; the segment is the instance's uuid, decision
 * 089): its tools and custom ports with their addresses; each switch is a POST with an intent.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return getInstancePlugins(token, params.instanceName ?? "");
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const done = (uuid: string, message: string) =>
    redirectWithToast(instancePluginPath(uuid), { type: "success", message });
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      enable: intent(SwitchPluginSchema, async (input, { guard }) =>
        done(input.instance_uuid, await pluginSwitched(guard.token, input, true)),
      ),
      disable: intent(SwitchPluginSchema, async (input, { guard }) =>
        done(input.instance_uuid, await pluginSwitched(guard.token, input, false)),
      ),
      open_port: intent(OpenPortSchema, async (input, { guard }) =>
        done(input.instance_uuid, await portOpened(guard.token, input)),
      ),
      close_port: intent(ClosePortSchema, async (input, { guard }) =>
        done(input.instance_uuid, await portClosed(guard.token, input)),
      ),
    }),
  });
}

export default function InstancePluginPage() {
  const view = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const i = view.Instance;
  const opening = result?.intent === "open_port";
  const portError = opening ? result.fieldErrors.port : undefined;
  const refused =
    result && !result.ok ? (result.formError ?? (opening ? null : (result.fieldErrors.port ?? null))) : null;
  return (
    <>
      <h1>实例插件</h1>
      <p>
        实例 <Link to={instancePath(i.InstanceUuid)}>{i.Name}</Link>（{i.InstanceUuid}）
      </p>
      {refused && <FieldError role="alert">{refused}</FieldError>}
      {view.Blocked ? (
        <Panel>
          <p data-testid="plugins-blocked">
            {view.Blocked}。<Link to={instancePath(i.InstanceUuid)}>返回实例</Link>
          </p>
        </Panel>
      ) : (
        <>
          <p data-testid="plugins-applies">
            {view.Applies === "now" ? "实例运行中：开启或关闭立即生效。" : "实例未运行：更改会保存，下次开机时生效。"}
            插件的开关与自定义端口在重启、关机再开机后保留；释放实例后一并删除。
          </p>
          <Panel>
            <PanelTitle>插件</PanelTitle>
            <BuiltinPlugins uuid={i.InstanceUuid} plugins={view.Builtins} />
          </Panel>
          <Panel>
            <PanelTitle>自定义端口</PanelTitle>
            <CustomPorts
              view={view}
              errors={{ port: portError, protocol: opening ? result.fieldErrors.protocol : undefined }}
              values={opening ? result.values : {}}
            />
          </Panel>
        </>
      )}
    </>
  );
}
