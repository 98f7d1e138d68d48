import { describe, expect, it } from "vitest";
import type { SftpSizeInfoWire } from "~/upstream/cloud-disk.server";
import { confirmQuestion } from "./cloud-disk.server";

const NOW = new Date("2026-11-01T02:00:00.000Z");
const DAY = 86_400_000;
const disk = (state: "active" | "read_only") => ({
  RegionCode: "bj-a",
  RegionName: "北京A区",
  SizeGb: 100,
  UsedBytes: 0,
  State: state,
  ExpiresAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
  CreatedAt: NOW.toISOString(),
  SftpHost: "sftp-bj-a.sandbox.gpu-cloud.local",
  SftpPort: 2222,
  SftpUser: "u1",
});
const info = (state: "active" | "read_only" = "active"): SftpSizeInfoWire => ({
  disks: [disk(state)],
  regions: [
    { code: "bj-a", name: "北京A区" },
    { code: "nm-b", name: "内蒙B区" },
  ],
  PricePerGbMonth: "0.30",
  MinGb: 10,
  MaxGb: 10240,
  StepGb: 10,
  MaxMonths: 12,
  RetentionDays: 15,
});
const ask = (query: string, state?: "active" | "read_only") =>
  confirmQuestion(new URL(`http://x/console/cloudDisk?${query}`), info(state), NOW);

describe("the cloud disk page's confirm question", () => {
  it("nothing asked without confirm", () => {
    expect(ask("region_code=bj-a")).toBeNull();
    expect(ask("confirm=steal")).toBeNull();
  });

  it("prices a purchase, a renewal and an expansion with the charge's rule", () => {
    expect(ask("confirm=buy&region_code=nm-b&size_gb=200&months=2")?.confirmation).toMatchObject({
      op: "buy",
      regionName: "内蒙B区",
      fields: { region_code: "nm-b", size_gb: "200", months: "2" },
      quote: { amountFen: 120_00 },
    });
    expect(ask("confirm=renew&region_code=bj-a&months=3")?.confirmation?.quote.amountFen).toBe(90_00);
    expect(ask("confirm=expand&region_code=bj-a&add_gb=50")?.confirmation?.quote).toEqual({
      amountFen: 15_00,
      formula: "扩容 50 GB × 2592000 秒 ÷ 2592000 秒/月 × ¥0.30/GB·月 = ¥15.00",
    });
  });

  it("refuses beside the field: a bad size, a taken region, no disk, an expired disk to expand", () => {
    expect(ask("confirm=buy&region_code=nm-b&size_gb=15&months=1")?.fieldErrors).toEqual({
      size_gb: "容量必须是 10 GB 的整数倍",
    });
    expect(ask("confirm=buy&region_code=bj-a&size_gb=10&months=1")?.fieldErrors).toEqual({
      region_code: "该地区已有云盘，请扩容或续费",
    });
    expect(ask("confirm=renew&region_code=nm-b&months=1")?.fieldErrors).toEqual({ region_code: "该地区还没有云盘" });
    expect(ask("confirm=expand&region_code=bj-a&add_gb=10", "read_only")?.fieldErrors).toEqual({
      add_gb: "云盘已到期，请先续费再扩容",
    });
    expect(ask("confirm=renew&region_code=bj-a&months=13")?.fieldErrors).toEqual({
      months: "时长必须在 1 到 12 个月之间",
    });
  });
});
