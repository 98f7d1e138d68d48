import { Field, FieldError, Select } from "../ui/Field";
import type { InvoiceTitleWire } from "~/upstream/invoices.server";
import type { InvoiceFormResult } from "./form-result";

/** The fields of a title: its kind, name, and (enterprises) tax number and the special-invoice details. */
export function TitleFields({ title, result }: { title: InvoiceTitleWire | null; result: InvoiceFormResult | null }) {
  const errors = result?.fieldErrors ?? {};
  const value = (name: string, saved: string | null | undefined) => result?.values[name] ?? saved ?? "";
  return (
    <>
      <label>
        抬头类型{" "}
        <Select name="kind" defaultValue={value("kind", title?.Kind ?? "personal")}>
          <option value="personal">个人</option>
          <option value="enterprise">企业</option>
        </Select>
      </label>
      <FieldError role={errors.kind ? "alert" : undefined}>{errors.kind ?? ""}</FieldError>
      <Field
        label="抬头名称（个人姓名或企业名称）"
        name="name"
        maxLength={100}
        defaultValue={value("name", title?.Name)}
        error={errors.name}
      />
      <Field
        label="纳税人识别号（统一社会信用代码，企业必填）"
        name="tax_number"
        maxLength={18}
        autoComplete="off"
        defaultValue={value("tax_number", title?.TaxNumber)}
        error={errors.tax_number}
      />
      <Field
        label="开户银行（专用发票必填）"
        name="bank_name"
        maxLength={100}
        defaultValue={value("bank_name", title?.BankName)}
        error={errors.bank_name}
      />
      <Field
        label="银行账号（专用发票必填）"
        name="bank_account"
        maxLength={40}
        inputMode="numeric"
        defaultValue={value("bank_account", title?.BankAccount)}
        error={errors.bank_account}
      />
      <Field
        label="注册地址（专用发票必填）"
        name="address"
        maxLength={200}
        defaultValue={value("address", title?.Address)}
        error={errors.address}
      />
      <Field
        label="注册电话（专用发票必填）"
        name="phone"
        maxLength={20}
        defaultValue={value("phone", title?.Phone)}
        error={errors.phone}
      />
    </>
  );
}
