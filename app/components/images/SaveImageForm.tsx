import { Form } from "@remix-run/react";
import type { CustomImageListWire } from "~/upstream/custom-images.server";
import { Field, FieldError, Select } from "../ui/Field";
import { Muted } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** Saves a stopped instance's system disk as an image: the instance, a name, and the key that makes it once. */
export function SaveImageForm({
  instances,
  saveFrom,
  operationKey,
  values,
  errors,
  formError,
}: {
  instances: CustomImageListWire["SavableInstances"];
  saveFrom: string | null;
  operationKey: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  /** A refusal of the whole form (the quota, an instance no longer stopped). */
  formError: string | null;
}) {
  if (instances.length === 0)
    return <p data-testid="save-image-none">没有已关机的实例。请先在实例列表中关机，再保存镜像。</p>;
  return (
    <Form method="post" noValidate data-testid="save-image-form">
      <input type="hidden" name="operation_key" value={operationKey} />
      <p>
        <label htmlFor="save-image-instance">实例（仅已关机的实例）</label>
        <br />
        <Select
          id="save-image-instance"
          name="instance_uuid"
          defaultValue={values.instance_uuid ?? saveFrom ?? instances[0]!.InstanceUuid}
          aria-invalid={errors.instance_uuid ? true : undefined}
          aria-describedby="save-image-instance-error"
        >
          {instances.map((i) => (
            <option key={i.InstanceUuid} value={i.InstanceUuid}>
              {i.Name}（{i.InstanceUuid}）
            </option>
          ))}
        </Select>
        <FieldError id="save-image-instance-error" role={errors.instance_uuid ? "alert" : undefined}>
          {errors.instance_uuid ?? ""}
        </FieldError>
      </p>
      <Field
        label="镜像名称"
        name="name"
        defaultValue={values.name ?? ""}
        maxLength={60}
        error={errors.name}
        placeholder="例如：训练环境-v1"
      />
      <Muted>只保存系统盘（系统、软件与配置）；数据盘不在镜像中。保存期间可以照常开机。</Muted>
      {formError && (
        <FieldError role="alert" data-testid="save-image-error">
          {formError}
        </FieldError>
      )}
      <p>
        <StatusButton intent="save">保存镜像</StatusButton>
      </p>
    </Form>
  );
}
