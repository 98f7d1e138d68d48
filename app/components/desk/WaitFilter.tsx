import { Form } from "@remix-run/react";
import { z } from "zod";
import { styled } from "../ui/stitches.config";

/** The desk queues' wait filter: at least this many hours waiting (work orders, verification applications). */
export const WAIT_OPTIONS = [1, 4, 24, 72] as const;

/** `?wait=` as one of WAIT_OPTIONS; anything else falls back to no filter. */
export const waitQuery = z.coerce
  .number()
  .refine((h) => (WAIT_OPTIONS as readonly number[]).includes(h))
  .optional()
  .catch(undefined);

/** 等待时长: a select of a GET filter form (works without JavaScript). */
export function WaitFilter({ value }: { value: number | undefined }) {
  return (
    <label>
      等待时长
      <select name="wait" defaultValue={value ?? ""}>
        <option value="">不限</option>
        {WAIT_OPTIONS.map((h) => (
          <option key={h} value={h}>
            超过 {h} 小时
          </option>
        ))}
      </select>
    </label>
  );
}

/** A desk queue's GET filter form: its selects in a row, labels above them. */
export const Filters = styled(Form, {
  display: "flex",
  flexWrap: "wrap",
  gap: "$3",
  alignItems: "flex-end",
  marginBottom: "$4",
  label: { display: "flex", flexDirection: "column", gap: "$1", fontSize: "$sm", color: "$mutedText" },
  select: { height: "$control", minWidth: 120, border: "1px solid $border", borderRadius: "$sm", padding: "0 $2" },
});
