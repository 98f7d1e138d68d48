import { Form } from "@remix-run/react";
import { Button } from "../ui/Button";
import { Field, FieldError, Select } from "../ui/Field";
import { Muted } from "../ui/layout";

/**
 * Buying a cloud disk, step one: a GET form (region, size, months) that leads to the confirm panel with the
 * price; nothing is bought until that panel's button is pressed. Errors stand beside their fields.
 */
export function BuyCloudDiskForm({
  regions,
  months,
  pricePerGbMonth,
  limits,
  values,
  errors,
}: {
  regions: { code: string; name: string; taken: boolean }[];
  months: number[];
  pricePerGbMonth: string;
  limits: { minGb: number; maxGb: number; stepGb: number };
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const free = regions.filter((r) => !r.taken);
  if (free.length === 0) return <p>每个地区都已有云盘，请在上方扩容或续费。</p>;
  return (
    <Form method="get" data-testid="buy-cloud-disk" noValidate>
      <label htmlFor="cloud-disk-region">地区</label>
      <Select
        id="cloud-disk-region"
        name="region_code"
        defaultValue={values.region_code ?? free[0]!.code}
        aria-invalid={errors.region_code ? true : undefined}
      >
        {free.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </Select>
      <FieldError role={errors.region_code ? "alert" : undefined}>{errors.region_code ?? ""}</FieldError>
      <Field
        label={`容量（GB，${limits.minGb}–${limits.maxGb}，${limits.stepGb} 的整数倍）`}
        name="size_gb"
        type="number"
        min={limits.minGb}
        max={limits.maxGb}
        step={limits.stepGb}
        defaultValue={values.size_gb ?? "100"}
        error={errors.size_gb}
      />
      <label htmlFor="cloud-disk-months">时长</label>
      <Select id="cloud-disk-months" name="months" defaultValue={values.months ?? "1"}>
        {months.map((m) => (
          <option key={m} value={m}>
            {m} 个月
          </option>
        ))}
      </Select>
      <FieldError role={errors.months ? "alert" : undefined}>{errors.months ?? ""}</FieldError>
      <p>
        <Muted>单价 ¥{pricePerGbMonth}/GB·月（1 个月按 30 天计），可用算力券支付；一个地区一块云盘。</Muted>
      </p>
      <Button type="submit" name="confirm" value="buy">
        下一步：确认价格
      </Button>
    </Form>
  );
}
