import { z } from "zod";
import type { IntentBuilder } from "./action.server";
import { redirectWithToast } from "./toast.server";
import { releaseInstance, restartInstance, stopInstance } from "~/upstream/instances.server";
import { UpstreamError } from "~/upstream/transport.server";
import { STATE_LABELS } from "./instance-text";
import { startOrOfferMigration } from "./migrate.server";

const STALE = "请求有误，请刷新页面后重试";
export const InstanceRef = z.object({
  instance_uuid: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE),
});

export const ReleaseSchema = InstanceRef.extend({
  confirm_name: z.string({ required_error: "请输入实例名称以确认释放" }).trim().min(1, "请输入实例名称以确认释放"),
});

type Guard = { token: string };

/**
 * The instance actions of the dashboard and the instance page (POST forms
 * with an intent): each goes back to `back(uuid)` with a toast of the state
 * the instance is now in. A refusal (HOST_GPU_BUSY, INSTANCE_STATE) comes back
 * as the action's error, shown beside the instance's row (a full host with
 * another host of the region free: with the migration offered, decision 086).
 */
export function instanceIntents<G extends Guard>(intent: IntentBuilder<G>, back: (uuid: string) => string) {
  const step = (run: (token: string, uuid: string) => Promise<{ Name: string; State: keyof typeof STATE_LABELS }>) =>
    intent(InstanceRef, async (input, { guard }) => {
      const instance = await run(guard.token, input.instance_uuid);
      return redirectWithToast(back(input.instance_uuid), {
        type: "success",
        message: `实例「${instance.Name}」${STATE_LABELS[instance.State]}`,
      });
    });
  return {
    start: step(startOrOfferMigration),
    stop: step(stopInstance),
    restart: step(restartInstance),
  };
}

/** Releases after the type-the-name confirmation; a name that does not match is shown beside its field. */
export async function releaseConfirmed(token: string, input: z.infer<typeof ReleaseSchema>) {
  try {
    return await releaseInstance(token, input.instance_uuid, input.confirm_name);
  } catch (error) {
    if (error instanceof UpstreamError && error.key === "INSTANCE_NAME_MISMATCH")
      throw new UpstreamError(error.key, error.httpStatus, error.status, error.reason, "confirm_name", error.data);
    throw error;
  }
}
