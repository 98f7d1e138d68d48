import { Form, Link } from "@remix-run/react";
import { Field, FieldError, Select, TextArea } from "~/components/ui/Field";
import { Muted } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import type { SelectorOptionsWire } from "~/upstream/market.server";
import { storePath } from "~/utils/paths";
import { RESERVATION_LIMITS } from "../../../platform/rules/reservation-limits";

const Grid = styled("div", {
  display: "grid",
  gap: "0 $4",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  "& > div": { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" },
  label: { fontSize: "$md" },
});

export const RESERVE_ACTION = storePath({ type: "bare_metal" });

/**
 * The bare-metal reservation: a POST form that works without JavaScript; each
 * field's error beside it; success goes to /console/reservations with a toast.
 */
export function ReservationForm({
  options,
  signedIn,
  values,
  errors,
  formError,
}: {
  options: SelectorOptionsWire;
  signedIn: boolean;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
}) {
  const select = (name: "region" | "gpu", label: string, items: { Code: string; Name: string }[]) => (
    <div>
      <label htmlFor={`reserve-${name}`}>{label}</label>
      <Select
        id={`reserve-${name}`}
        name={name}
        defaultValue={values[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`reserve-${name}-error`}
      >
        <option value="">请选择{label}</option>
        {items.map((item) => (
          <option key={item.Code} value={item.Code}>
            {item.Name}
          </option>
        ))}
      </Select>
      <FieldError id={`reserve-${name}-error`} role={errors[name] ? "alert" : undefined}>
        {errors[name] ?? ""}
      </FieldError>
    </div>
  );
  return (
    <Form method="post" action={RESERVE_ACTION} aria-label="裸金属预约" data-testid="reservation-form">
      {!signedIn && (
        <p>
          <Muted>
            提交预约需要先 <Link to={`/login?redirectTo=${encodeURIComponent(RESERVE_ACTION)}`}>登录</Link>
          </Muted>
        </p>
      )}
      {formError && (
        <p role="alert" style={{ color: "#D32F2F" }}>
          {formError}
        </p>
      )}
      <Grid>
        {select("region", "地区", options.Regions)}
        {select("gpu", "GPU型号", options.GpuModels)}
        <Field
          label={`机器数量（台，${RESERVATION_LIMITS.machines.min}–${RESERVATION_LIMITS.machines.max}）`}
          name="machines"
          type="number"
          min={RESERVATION_LIMITS.machines.min}
          max={RESERVATION_LIMITS.machines.max}
          defaultValue={values.machines ?? "1"}
          error={errors.machines}
        />
        <Field
          label={`租用时长（月，${RESERVATION_LIMITS.months.min}–${RESERVATION_LIMITS.months.max}）`}
          name="months"
          type="number"
          min={RESERVATION_LIMITS.months.min}
          max={RESERVATION_LIMITS.months.max}
          defaultValue={values.months ?? "1"}
          error={errors.months}
        />
        <Field
          label="联系人"
          name="contact_name"
          defaultValue={values.contact_name ?? ""}
          error={errors.contact_name}
        />
        <Field
          label="联系电话"
          name="contact_phone"
          inputMode="tel"
          defaultValue={values.contact_phone ?? ""}
          error={errors.contact_phone}
        />
      </Grid>
      <div>
        <label htmlFor="reserve-note">备注（选填，最多 {RESERVATION_LIMITS.note} 字）</label>
        <TextArea
          id="reserve-note"
          name="note"
          defaultValue={values.note ?? ""}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby="reserve-note-error"
        />
        <FieldError id="reserve-note-error" role={errors.note ? "alert" : undefined}>
          {errors.note ?? ""}
        </FieldError>
      </div>
      <StatusButton intent="reserve" formAction={RESERVE_ACTION}>
        提交预约
      </StatusButton>
    </Form>
  );
}
