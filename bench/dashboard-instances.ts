/**
 * Issue 12's bench setup: the demo account rents `count` hourly instances of
 * one GPU each through the main API, as any client would (over the docker
 * offers with free GPUs), so `/console/dashboard` is measured with a full
 * instance list, and the instance page (issue 36 §4) with 50 siblings.
 */
const REQUEST_TIMEOUT_MS = 15_000;
export const DASHBOARD_INSTANCES = 50;

type Reply<T> = { status: number; reason: string; data: T };

async function call<T>(origin: string, path: string, fields: Record<string, string | number>, method = "POST") {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const res =
    method === "GET"
      ? await fetch(`${origin}/api${path}?${body}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      : await fetch(`${origin}/api${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
  const reply = (await res.json()) as Reply<T>;
  if (reply.status !== 0) throw new Error(`${path}: ${reply.status} ${reply.reason}`);
  return reply.data;
}

type Offer = { Region: { Code: string }; Gpu: { Code: string }; MaxFreePerHost: number; Price: string };

/**
 * Rents `count` hourly one-GPU instances for the account of `token`, cheapest offers first; answers their uuids.
 * `keyPrefix` names the rentals' operation keys (one account's keys must differ).
 */
export async function rentDashboardInstances(
  origin: string,
  token: string,
  count = DASHBOARD_INSTANCES,
  keyPrefix = "bench-dashboard",
) {
  const [{ offers }, { images }] = await Promise.all([
    call<{ offers: Offer[] }>(origin, "/store/get_docker_gpu_selector", {}),
    call<{ images: { Id: number; CudaVersion: string }[] }>(origin, "/instance/kvm/get_local_images", {}, "GET"),
  ]);
  const image = images.find((i) => i.CudaVersion.startsWith("11.")) ?? images[0];
  if (!image) throw new Error("no official image");
  const open = offers.filter((o) => o.MaxFreePerHost > 0).sort((a, b) => Number(a.Price) - Number(b.Price));
  const rented: string[] = [];
  for (const offer of open) {
    for (let n = 0; n < offer.MaxFreePerHost && rented.length < count; n++) {
      const created = await call<{ Instance: { InstanceUuid: string } }>(origin, "/instance/create_instance", {
        session: token,
        machine_type: "docker",
        region: offer.Region.Code,
        gpu_model: offer.Gpu.Code,
        gpu_count: 1,
        image_id: image.Id,
        billing_mode: "hour",
        operation_key: `${keyPrefix}-${rented.length}`,
      });
      rented.push(created.Instance.InstanceUuid);
    }
    if (rented.length >= count) break;
  }
  return rented;
}
