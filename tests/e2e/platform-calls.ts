/**
 * The platform's public calls as the end-to-end tests make them, through the
 * test server's /api like any client: a token by password, a top-up paid on
 * the sandbox payment page, an hourly rental. For a test's own set-up; what a
 * test checks happens in the browser.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { rememberRenter } from "./fixtures/gpu-return";
import { DEMO } from "./support";

export interface MainApiReply<T> {
  status: number;
  reason: string;
  data: T;
}

/** A form POST to /api{path}; answers the envelope. */
export async function mainApi<T = unknown>(
  request: APIRequestContext,
  path: string,
  form: Record<string, string | number>,
): Promise<MainApiReply<T>> {
  const res = await request.post(`/api${path}`, { form });
  return (await res.json()) as MainApiReply<T>;
}

/** Logs in by password through /api/login; answers the token. */
export async function tokenOf(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const login = await mainApi<{ token: string }>(request, "/login", { phone, password });
  expect(login.status, login.reason).toBe(0);
  if (phone !== DEMO.phone) rememberRenter(login.data.token);
  return login.data.token;
}

/** Tops the account up by `amount` yuan: a WeChat QR order confirmed on the sandbox payment page. */
export async function topUp(request: APIRequestContext, token: string, amount: string): Promise<void> {
  const order = await mainApi<{ out_trade_no: string }>(request, "/create_qrcode", {
    session: token,
    amount,
    pay_type: 1,
  });
  expect(order.status, order.reason).toBe(0);
  const paid = await request.post(`/sandbox/pay/${order.data.out_trade_no}`, { form: { action: "confirm" } });
  expect(await paid.text()).toContain("支付成功");
}

/** The RTX 4090 container offer of the seeded fleet (region bj-a). */
export const RTX4090_OFFER = { type: "docker", region: "bj-a", gpu: "rtx4090" } as const;

/** An offer of the seeded fleet: machine type, region and GPU model. */
export type Offer = { type: string; region: string; gpu: string };

export interface RentByApiOptions {
  operationKey: string;
  /** RTX4090_OFFER unless said. */
  offer?: Offer;
  gpuCount?: number;
  /** A package of this many days, no coupon; hourly without it. */
  days?: number;
  /** The newest CUDA the offer's hosts run: the first image that needs no newer (else the first image). */
  maxCuda?: number;
}

/**
 * Rents through the main API, as any client would (the session may be a sub-account's); its rentals are released
 * after the test. Answers the instance's uuid, name and package expiry, and the price charged (yuan).
 */
export async function rentByApi(
  request: APIRequestContext,
  token: string,
  options: RentByApiOptions,
): Promise<{ uuid: string; name: string; packageExpiresAt: string; paid: number }> {
  rememberRenter(token);
  const offer = options.offer ?? RTX4090_OFFER;
  const images = await request.get("/api/instance/kvm/get_local_images");
  const listed = ((await images.json()) as { data: { images: { Id: number; CudaVersion: string }[] } }).data.images;
  const maxCuda = options.maxCuda;
  const image = maxCuda === undefined ? listed[0] : listed.find((i) => Number(i.CudaVersion) <= maxCuda);
  const billing: Record<string, string | number> =
    options.days === undefined ? { billing_mode: "hour" } : { billing_mode: "day", duration: options.days };
  const rented = await mainApi<{
    Instance: { InstanceUuid: string; Name: string; PackageExpiresAt: string };
    Price: { Amount: string };
  }>(request, "/instance/create_instance", {
    session: token,
    machine_type: offer.type,
    region: offer.region,
    gpu_model: offer.gpu,
    gpu_count: options.gpuCount ?? 1,
    image_id: image!.Id,
    ...billing,
    coupon_id: 0,
    operation_key: options.operationKey,
  });
  expect(rented.status, rented.reason).toBe(0);
  const { InstanceUuid: uuid, Name: name, PackageExpiresAt: packageExpiresAt } = rented.data.Instance;
  return { uuid, name, packageExpiresAt, paid: Number(rented.data.Price.Amount) };
}

/** Rents an hourly GPU × 1 of `offer` through the main API; answers its uuid and name. */
export async function rentHourlyByApi(
  request: APIRequestContext,
  token: string,
  operationKey: string,
  offer: Offer = RTX4090_OFFER,
): Promise<{ uuid: string; name: string }> {
  const { uuid, name } = await rentByApi(request, token, { operationKey, offer });
  return { uuid, name };
}

/** A fresh operation key for a journey's rental. */
export const rentalKey = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Files a work order about the caller's instance through the /third-party calls; answers its id. */
export async function fileWorkOrderAbout(request: APIRequestContext, token: string, instanceUuid: string) {
  const auth = { authorization: `Bearer ${token}` };
  const categories = (await (
    await request.get("/third-party/api/v1/work-order/categories", { headers: auth })
  ).json()) as { data: { list: { questions: { id: number; category_id: number; resource_types: string[] }[] }[] } };
  const question = categories.data.list.flatMap((c) => c.questions).find((q) => q.resource_types.includes("instance"))!;
  const filed = await request.post("/third-party/api/v1/work-order/orders", {
    headers: auth,
    data: {
      category_id: question.category_id,
      question_id: question.id,
      resource_type: "instance",
      resource_id: instanceUuid,
      title: "实例无法连接",
      content: "SSH 连接超时，请帮忙看看。",
      contact_phone: "13912345678",
      attachment_ids: [],
    },
  });
  const filedReply = (await filed.json()) as { code: number; reason: string; data: { id: number } };
  expect(filedReply.code, `work order: ${filedReply.reason}`).toBe(0);
  return filedReply.data.id;
}

/**
 * Releases one of the token's instances (by its name, as the confirmation asks), so a journey gives back the
 * GPUs its package holds: the seeded fleet is shared by every journey of both projects.
 */
export async function releaseByApi(request: APIRequestContext, token: string, uuid: string): Promise<void> {
  const detail = await mainApi<{ Name: string }>(request, "/instance/get_instance_detail", {
    session: token,
    instance_uuid: uuid,
  });
  expect(detail.status, detail.reason).toBe(0);
  const released = await mainApi(request, "/instance/release_instance", {
    session: token,
    instance_uuid: uuid,
    confirm_name: detail.data.Name,
  });
  expect(released.status, released.reason).toBe(0);
}

/** The account's cash balance in yuan, as /get_user_info answers it. */
export async function cashOf(request: APIRequestContext, token: string): Promise<number> {
  const info = await mainApi<{ Money: string }>(request, "/get_user_info", { session: token });
  return Number(info.data.Money);
}

/** One of the token's instances as /instance/get_instance_detail answers it (the fields a test reads). */
export async function instanceDetailByApi<T extends { State: string }>(
  request: APIRequestContext,
  token: string,
  uuid: string,
): Promise<T> {
  const reply = await mainApi<T>(request, "/instance/get_instance_detail", { session: token, instance_uuid: uuid });
  expect(reply.status, reply.reason).toBe(0);
  return reply.data;
}

/** Waits (up to 20 s) until the instance is in `state`: the simulated fleet moves it on by itself. */
export async function waitForInstanceState(request: APIRequestContext, token: string, uuid: string, state: string) {
  await expect
    .poll(async () => (await instanceDetailByApi(request, token, uuid)).State, { timeout: 20_000, intervals: [500] })
    .toBe(state);
}

/** Brings a rented instance to 已关机 through the platform, for journeys that start from a stopped instance. */
export async function stopByApi(request: APIRequestContext, token: string, uuid: string): Promise<void> {
  await waitForInstanceState(request, token, uuid, "running");
  const stopped = await mainApi(request, "/instance/stop_instance", { session: token, instance_uuid: uuid });
  expect(stopped.status, stopped.reason).toBe(0);
  await waitForInstanceState(request, token, uuid, "stopped");
}
