/**
 * The compute market's read calls and bare-metal reservations (issue 12 §2):
 * filters, live free counts, offline hosts, membership prices scoped to the
 * caller, bad input answered in Chinese (never a 500), and reservations
 * listed only to their owner.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gpuModels, hosts, regions } from "../db/market-schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let user: RegisteredUser;

type Offer = {
  Region: { Code: string };
  Hosts: { Name: string; GpuFree: number; GpuTotal: number; CudaVersion: string }[];
  Gpu: { Code: string; Name: string };
  Price: string;
  FreeGpus: number;
  MaxFreePerHost: number;
  CudaVersions: string[];
};

beforeAll(async () => {
  t = await startTestPlatform();
  user = await t.registerUser();
});
afterAll(() => t.close());

const offers = async (type: "kvm" | "docker", fields: Record<string, string> = {}) => {
  const reply = await t.post(`/store/get_${type}_gpu_selector`, fields);
  expect(reply.body).toMatchObject({ status: 0 });
  return reply.body.data.offers as Offer[];
};

async function hostsOf(region: string, type: "kvm" | "docker" | "bare_metal", gpu: string) {
  return t.db
    .select({ id: hosts.id, gpuFree: hosts.gpuFree })
    .from(hosts)
    .innerJoin(regions, eq(regions.id, hosts.regionId))
    .innerJoin(gpuModels, eq(gpuModels.id, hosts.gpuModelId))
    .where(and(eq(regions.code, region), eq(hosts.machineType, type), eq(gpuModels.code, gpu)))
    .orderBy(hosts.id);
}

describe("catalogue and offers", () => {
  it("lists the filter options of a machine type", async () => {
    const reply = await t.post("/store/get_store_selector_options", { type: "docker" });
    expect(reply.body.status).toBe(0);
    const o = reply.body.data;
    expect(o.Regions.map((r: { Code: string }) => r.Code)).toEqual(["bj-a", "nm-b", "cq-a"]);
    expect(o.GpuModels.map((m: { Code: string }) => m.Code)).toContain("rtx4090");
    expect(o.GpuCounts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(o.CudaVersions).toEqual(["11.8", "12.2", "12.4"]);
    expect(o).toMatchObject({ PriceMin: "1.38", PriceMax: "12.88" });
  });

  it("filters docker offers by GPU model, region, count, CUDA and price", async () => {
    const rtx = await offers("docker", { gpu: "rtx4090" });
    expect(rtx.map((o) => o.Region.Code)).toEqual(["bj-a", "nm-b", "cq-a"]);
    expect(rtx.every((o) => o.Gpu.Code === "rtx4090" && o.Price === "1.98")).toBe(true);
    expect(rtx[0]).toMatchObject({ FreeGpus: 24, MaxFreePerHost: 8 });

    expect((await offers("docker", { gpu: "rtx4090", region: "nm-b" })).map((o) => o.Region.Code)).toEqual(["nm-b"]);
    // CUDA ≥ 12.4: nm-b's 4090 hosts run 12.2.
    expect((await offers("docker", { gpu: "rtx4090", cuda: "12.4" })).map((o) => o.Region.Code)).toEqual([
      "bj-a",
      "cq-a",
    ]);
    // Price in yuan per GPU-hour: 1.38–2.00 keeps the 3090 (1.38) and the 4090 (1.98).
    const cheap = await offers("docker", { price_min: "1.38", price_max: "2" });
    expect(new Set(cheap.map((o) => o.Gpu.Code))).toEqual(new Set(["rtx3090", "rtx4090"]));
    expect(await offers("kvm", { gpu: "rtx4090" })).toHaveLength(1);
  });

  it("counts free GPUs live, asks one host for a GPU count, and leaves offline hosts out", async () => {
    const [first, second] = await hostsOf("cq-a", "docker", "rtx4090");
    await t.db.update(hosts).set({ gpuFree: 3 }).where(eq(hosts.id, first!.id));
    await t.db.update(hosts).set({ gpuFree: 5 }).where(eq(hosts.id, second!.id));
    const [cq] = await offers("docker", { gpu: "rtx4090", region: "cq-a" });
    expect(cq).toMatchObject({ FreeGpus: 8, MaxFreePerHost: 5 });
    // Six GPUs on one host: 3 + 5 free is not enough anywhere in cq-a.
    expect((await offers("docker", { gpu: "rtx4090", gpu_count: "6" })).map((o) => o.Region.Code)).toEqual([
      "bj-a",
      "nm-b",
    ]);
    await t.db.update(hosts).set({ online: false }).where(eq(hosts.id, second!.id));
    expect((await offers("docker", { gpu: "rtx4090", region: "cq-a" }))[0]).toMatchObject({ FreeGpus: 3 });
    const without = await t.post("/get_available_docker_num_without_image", { region: "cq-a", gpu: "rtx4090" });
    expect(without.body.data.offers).toEqual([
      { RegionCode: "cq-a", GpuCode: "rtx4090", FreeGpus: 3, MaxFreePerHost: 3 },
    ]);
    await t.db.update(hosts).set({ gpuFree: 0 }).where(eq(hosts.id, first!.id));
    // Sold out is still an offer (free 0), unless a count is asked.
    expect((await offers("docker", { gpu: "rtx4090", region: "cq-a" }))[0]).toMatchObject({ FreeGpus: 0 });
    expect(await offers("docker", { gpu: "rtx4090", region: "cq-a", gpu_count: "1" })).toEqual([]);
    await t.db.update(hosts).set({ gpuFree: 8, online: true }).where(eq(hosts.id, first!.id));
    await t.db.update(hosts).set({ gpuFree: 8, online: true }).where(eq(hosts.id, second!.id));
  });

  it("sorts by price and by free GPUs in SQL, stably, within the filter (decision 069)", async () => {
    const key = (o: Offer) => `${o.Region.Code}/${o.Gpu.Code}`;
    const all = await offers("docker");
    const catalogue = all.map(key);
    const fen = (o: Offer) => Math.round(Number(o.Price) * 100);
    // Ties keep the catalogue's order (region, then model): a JavaScript sort is stable, so it says what SQL must give.
    const byCatalogue = (a: Offer, b: Offer) => catalogue.indexOf(key(a)) - catalogue.indexOf(key(b));
    const cheapest = await offers("docker", { sort: "price_asc" });
    expect(cheapest.map(key)).toEqual([...all].sort((a, b) => fen(a) - fen(b) || byCatalogue(a, b)).map(key));
    const dearest = await offers("docker", { sort: "price_desc" });
    expect(dearest.map(key)).toEqual([...all].sort((a, b) => fen(b) - fen(a) || byCatalogue(a, b)).map(key));
    expect(fen(dearest[0]!)).toBeGreaterThan(fen(dearest.at(-1)!));
    const freest = await offers("docker", { sort: "free_desc" });
    expect(freest.map(key)).toEqual(
      [...all]
        .sort((a, b) => b.FreeGpus - a.FreeGpus || b.MaxFreePerHost - a.MaxFreePerHost || byCatalogue(a, b))
        .map(key),
    );
    // The same filter scopes the sorted list.
    const inBj = await offers("docker", { region: "bj-a", sort: "price_asc" });
    expect(inBj.every((o) => o.Region.Code === "bj-a")).toBe(true);
    expect(inBj.map(key)).toEqual(cheapest.filter((o) => o.Region.Code === "bj-a").map(key));
    expect((await t.post("/store/get_docker_gpu_selector", { sort: "cheap" })).body).toMatchObject({
      status: 1,
      reason: "排序方式不存在",
      data: { field: "sort" },
    });
  });

  it("lists each offer's hosts with free and total GPUs and their CUDA version, most free first", async () => {
    const [offer] = await offers("docker", { region: "bj-a", gpu: "rtx4090" });
    const hostsOfOffer = offer!.Hosts;
    expect(hostsOfOffer).toHaveLength((await hostsOf("bj-a", "docker", "rtx4090")).length);
    expect(hostsOfOffer.every((h) => h.GpuTotal === 8 && h.CudaVersion === "12.4" && h.Name.length > 0)).toBe(true);
    expect(hostsOfOffer.reduce((n, h) => n + h.GpuFree, 0)).toBe(offer!.FreeGpus);
    const free = hostsOfOffer.map((h) => h.GpuFree);
    expect(free).toEqual([...free].sort((a, b) => b - a));
  });

  it("answers bad filters with a Chinese reason on the field, never a 500", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ price_min: "abc" }, "price_min", "价格格式不正确"],
      [{ price_min: "3", price_max: "1" }, "price_max", "最高价格不能低于最低价格"],
      [{ gpu_count: "0" }, "gpu_count", "GPU数量必须是1到64之间的整数"],
      [{ cuda: "twelve" }, "cuda", "CUDA版本格式不正确"],
      [{ region: "北京" }, "region", "地区不存在"],
    ];
    for (const [fields, field, reason] of cases) {
      const reply = await t.post("/store/get_docker_gpu_selector", fields);
      expect(reply.http).toBeLessThan(500);
      expect(reply.body.status).toBe(1);
      expect(reply.body.reason).toContain(reason);
      expect(reply.body.data).toMatchObject({ field });
    }
    const badType = await t.post("/store/get_store_selector_options", { type: "gpu" });
    expect(badType.http).toBeLessThan(500);
    expect(badType.body.reason).toContain("机器类型");
    const unknown = await t.post("/gpu_selector_detail", { type: "kvm", region: "bj-a", gpu: "v100-32g" });
    expect(unknown.body.status).toBe(1);
    expect(unknown.body.reason).toBe("该地区暂无此型号的GPU");
  });

  it("details one offer with its specs per GPU count", async () => {
    const reply = await t.post("/gpu_selector_detail", { type: "kvm", region: "bj-a", gpu: "rtx4090" });
    expect(reply.body.status).toBe(0);
    expect(reply.body.data).toMatchObject({ Price: "2.28", FreeGpus: 16, GpusPerHost: 8, MaxCudaVersion: "12.4" });
    expect(reply.body.data.Specifications[1]).toEqual({
      GpuCount: 2,
      CpuCores: 32,
      RamGb: 128,
      SystemDiskGb: 30,
      DataDiskGb: 100,
    });
    const specs = await t.post("/store/get_instance_specifications", { gpu: "a100-80g", type: "docker" });
    expect(specs.body.data.specs).toHaveLength(8);
    expect(specs.body.data.specs[7]).toMatchObject({ GpuCount: 8, CpuCores: 128, RamGb: 960, DataDiskGb: 800 });
  });

  it("counts only hosts whose CUDA can run the image, and lists the official images", async () => {
    const images = await t.get("/instance/kvm/get_local_images");
    expect(images.body.status).toBe(0);
    const list = images.body.data.images as { Id: number; Code: string; CudaVersion: string }[];
    expect(list.map((i) => i.Code)).toContain("pytorch-2.5.1-cuda12.4");
    const newest = list.find((i) => i.CudaVersion === "12.4")!;
    const oldest = list.find((i) => i.CudaVersion === "11.8")!;
    const with124 = await t.post("/get_available_docker_num", { image_id: String(newest.Id), gpu: "rtx4090" });
    expect(with124.body.data.offers.map((o: { RegionCode: string }) => o.RegionCode)).toEqual(["bj-a", "cq-a"]);
    const with118 = await t.post("/get_available_docker_num", { image_id: String(oldest.Id), gpu: "rtx4090" });
    expect(with118.body.data.offers).toHaveLength(3);
    const kvm = await t.post("/get_available_kvm_num", { image_id: String(newest.Id) });
    expect(kvm.body.data.offers.map((o: { GpuCode: string }) => o.GpuCode)).toEqual(["rtx4090", "l40s", "h100-80g"]);
    const missing = await t.post("/get_available_kvm_num", { image_id: "999999" });
    expect(missing.body).toMatchObject({ status: 1, reason: "所选镜像不存在", data: { field: "image_id" } });
  });
});

describe("membership prices", () => {
  it("gives list prices without a session and the caller's own tier with one", async () => {
    const anonymous = await t.post("/gpu_priceinfo", { phone: user.phone });
    expect(anonymous.body.data).toMatchObject({ VipLevel: 0, VipName: "", Discount: 1 });
    const bronze = await t.registerUser();
    await t.setWallets(bronze.userId, { accumulatedFen: 100_00, cashFen: 100_00 });
    const mine = await t.post("/gpu_priceinfo", { session: bronze.token, phone: bronze.phone });
    expect(mine.body.data).toMatchObject({ VipLevel: 1, VipName: "铜牌会员", Discount: 0.98 });
    // 1.98 × 0.98 = 1.9404 → 1.94; 13.88 × 0.98 = 13.6024 → 13.60
    expect(mine.body.data.Prices).toContainEqual(
      expect.objectContaining({ MachineType: "docker", GpuCode: "rtx4090", Price: "1.98", MemberPrice: "1.94" }),
    );
    expect(mine.body.data.Prices).toContainEqual(
      expect.objectContaining({ MachineType: "kvm", GpuCode: "h100-80g", Price: "13.88", MemberPrice: "13.60" }),
    );
    // Another user's phone is refused: no one learns another user's tier.
    const spying = await t.post("/gpu_priceinfo", { session: user.token, phone: bronze.phone });
    expect(spying.body).toMatchObject({ status: 1, data: { field: "phone" } });
    expect(JSON.stringify(spying.body)).not.toContain("铜牌");

    // A sub-account rents at its main account's discount, shown without the tier's name; it names no phone.
    const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: bronze.token });
    await createSubAccount(t.ctx, caller, { name: "price-sub", password: "Pricesub123", moneyLimitFen: 0 });
    const sub = await t.post("/sub_account_login", { phone: bronze.phone, name: "price-sub", password: "Pricesub123" });
    const subToken = sub.body.data.token as string;
    const subView = await t.post("/gpu_priceinfo", { session: subToken });
    expect(subView.body.data).toMatchObject({ VipLevel: 1, VipName: "", Discount: 0.98 });
    expect((await t.post("/gpu_priceinfo", { session: subToken, phone: bronze.phone })).body.status).toBe(1);
    // A dead session on this public call is no session: list prices, not a logout.
    const dead = await t.post("/gpu_priceinfo", { session: "A".repeat(43) });
    expect(dead.body).toMatchObject({ status: 0, data: { VipLevel: 0, Discount: 1 } });
  });
});

describe("bare metal", () => {
  it("lists servers with their month price and free servers", async () => {
    const reply = await t.post("/get_bare_metal_show_list", { region: "bj-a" });
    expect(reply.body.data.servers).toEqual([
      expect.objectContaining({
        Region: { Code: "bj-a", Name: "北京A区" },
        GpusPerServer: 8,
        Price: "10.88",
        // 10.88 × 8 GPUs × 720 h × 0.95
        MonthPrice: "59535.36",
        FreeServers: 2,
        TotalServers: 2,
      }),
    ]);
    const [first] = await hostsOf("bj-a", "bare_metal", "h100-80g");
    await t.db.update(hosts).set({ gpuFree: 7 }).where(eq(hosts.id, first!.id));
    const after = await t.post("/get_bare_metal_show_list", { region: "bj-a", gpu: "h100-80g" });
    expect(after.body.data.servers[0]).toMatchObject({ FreeServers: 1, TotalServers: 2 });
    await t.db.update(hosts).set({ gpuFree: 8 }).where(eq(hosts.id, first!.id));
  });

  const valid = {
    region: "bj-a",
    gpu: "h100-80g",
    machines: "2",
    months: "6",
    contact_name: "张三",
    contact_phone: "13912345678",
    note: "训练大模型",
  };

  it("refuses bad reservations field by field, in Chinese, and needs a session", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ machines: "0" }, "machines", "机器数量须为1到100台"],
      [{ machines: "abc" }, "machines", "机器数量必须是整数"],
      [{ months: "37" }, "months", "租用时长须为1到36个月"],
      [{ contact_name: "" }, "contact_name", "请填写联系人姓名"],
      [{ contact_phone: "123" }, "contact_phone", "请输入正确的11位手机号"],
      [{ note: "字".repeat(501) }, "note", "备注过长"],
      [{ gpu: "rtx3090" }, "gpu", "该地区暂无此型号的裸金属服务器"],
      [{ region: "mars" }, "region", "地区不存在"],
    ];
    for (const [change, field, reason] of cases) {
      const reply = await t.post("/add_baremetal_reservation", { session: user.token, ...valid, ...change });
      expect(reply.http, field).toBeLessThan(500);
      expect(reply.body).toMatchObject({ status: 1, reason, data: { field } });
    }
    expect((await t.post("/add_baremetal_reservation", valid)).body.status).toBe(2);
    expect((await t.post("/get_baremetal_reservations", { session: user.token })).body.data.reservations).toEqual([]);
  });

  it("lists a reservation to its owner only; a sub-account sees its own", async () => {
    const owner = await t.registerUser();
    const stranger = await t.registerUser();
    const made = await t.post("/add_baremetal_reservation", { session: owner.token, ...valid });
    expect(made.body).toMatchObject({
      status: 0,
      data: { Machines: 2, Months: 6, Status: "pending", Gpu: { Code: "h100-80g" }, ContactName: "张三" },
    });
    const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: owner.token });
    await createSubAccount(t.ctx, caller, { name: "bm-sub", password: "Bmsub1234", moneyLimitFen: 0 });
    const sub = await t.post("/sub_account_login", { phone: owner.phone, name: "bm-sub", password: "Bmsub1234" });
    const subToken = sub.body.data.token as string;
    const list = async (token: string) =>
      (await t.post("/get_baremetal_reservations", { session: token })).body.data.reservations as { Id: number }[];

    expect((await list(owner.token)).map((r) => r.Id)).toEqual([made.body.data.Id]);
    expect(await list(stranger.token)).toEqual([]);
    expect(await list(subToken)).toEqual([]);
    const bySub = await t.post("/add_baremetal_reservation", { session: subToken, ...valid, machines: "1" });
    expect(bySub.body.status).toBe(0);
    expect((await list(subToken)).map((r) => r.Id)).toEqual([bySub.body.data.Id]);
    expect((await list(owner.token)).map((r) => r.Id)).toEqual([bySub.body.data.Id, made.body.data.Id]);
    expect(await list(stranger.token)).toEqual([]);
  });
});

describe("robustness", () => {
  const CHINESE = /[\u4e00-\u9fa5]/;
  const paths = [
    "/store/get_store_selector_options",
    "/store/get_kvm_gpu_selector",
    "/store/get_docker_gpu_selector",
    "/gpu_selector_detail",
    "/gpu_priceinfo",
    "/get_available_kvm_num",
    "/get_available_docker_num",
    "/get_available_kvm_num_without_image",
    "/get_available_docker_num_without_image",
    "/store/get_instance_specifications",
    "/get_bare_metal_show_list",
    "/add_baremetal_reservation",
    "/get_baremetal_reservations",
    "/cancel_baremetal_reservation",
  ];
  const junk: Record<string, string | readonly string[]>[] = [
    {},
    { type: ["kvm", "docker"], region: ["bj-a", "nm-b"], gpu: ["a", "b"], image_id: ["1", "2"] },
    { type: "x".repeat(5000), region: "x".repeat(5000), gpu: "x".repeat(5000), phone: "x".repeat(5000) },
    { image_id: "-1", gpu_count: "1e3", price_min: "NaN", machines: "1.5", months: "Infinity", note: "\u0000" },
    { session: "A".repeat(43), phone: "13800000000" },
  ];

  it("answers every market call's bad input with a Chinese reason, never a 500", async () => {
    for (const path of paths)
      for (const fields of junk) {
        const reply = await t.post(path, { ...fields });
        expect(reply.http, `${path} ${JSON.stringify(fields).slice(0, 80)}`).toBeLessThan(500);
        if (reply.body.status !== 0) expect(reply.body.reason, path).toMatch(CHINESE);
      }
  });
});
