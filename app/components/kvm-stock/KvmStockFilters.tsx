import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { FieldError, Input, Select } from "~/components/ui/Field";
import { Row } from "~/components/ui/layout";
import type { SelectorOptionsWire } from "~/upstream/market.server";
import type { OfferFilterErrors, OfferFilterFields } from "../../../platform/rules/market-filter";
import { KVM_STOCK_PATH } from "~/utils/kvm-stock";

/** The stock page's GET form (works without JavaScript): region, GPU model and the GPUs the instance needs. */
export function KvmStockFilters({
  regions,
  gpuModels,
  typed,
  errors,
}: {
  regions: SelectorOptionsWire["Regions"];
  gpuModels: SelectorOptionsWire["GpuModels"];
  typed: OfferFilterFields;
  errors: OfferFilterErrors;
}) {
  return (
    <Form method="get" action={KVM_STOCK_PATH} aria-label="库存筛选">
      <Row css={{ alignItems: "flex-start" }}>
        <div>
          <label htmlFor="stock-region">地区</label>
          <Select id="stock-region" name="region" defaultValue={typed.region ?? ""}>
            <option value="">全部地区</option>
            {regions.map((r) => (
              <option key={r.Code} value={r.Code}>
                {r.Name}
              </option>
            ))}
          </Select>
          <FieldError>{errors.region}</FieldError>
        </div>
        <div>
          <label htmlFor="stock-gpu">GPU型号</label>
          <Select id="stock-gpu" name="gpu" defaultValue={typed.gpu ?? ""}>
            <option value="">全部型号</option>
            {gpuModels.map((m) => (
              <option key={m.Code} value={m.Code}>
                {m.Name}
              </option>
            ))}
          </Select>
          <FieldError>{errors.gpu}</FieldError>
        </div>
        <div>
          <label htmlFor="stock-gpu-count">需要的GPU数</label>
          <Input
            id="stock-gpu-count"
            name="gpu_count"
            inputMode="numeric"
            defaultValue={typed.gpu_count ?? ""}
            placeholder="1"
            style={{ width: 96 }}
            aria-invalid={errors.gpu_count ? true : undefined}
            aria-describedby={errors.gpu_count ? "stock-gpu-count-error" : undefined}
          />
          <FieldError id="stock-gpu-count-error">{errors.gpu_count}</FieldError>
        </div>
        <Button type="submit" style={{ marginTop: 18 }}>
          查询
        </Button>
      </Row>
    </Form>
  );
}
