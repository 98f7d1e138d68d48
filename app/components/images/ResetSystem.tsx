import { Form, Link } from "@remix-run/react";
import type { ResetImageWire } from "~/upstream/custom-images.server";
import { instancePath } from "~/utils/console-paths";
import { survivalRow } from "../../../platform/rules/instance-survival";
import { SurvivalFacts } from "../instances/Survival";
import { Button } from "../ui/Button";
import { FieldError, Select } from "../ui/Field";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** The first question: which image (a GET form: nothing changes until the confirmation is posted). */
export function ResetChoices({
  images,
  currentImageId,
  error,
}: {
  images: ResetImageWire[];
  currentImageId: number;
  error: string | null;
}) {
  const official = images.filter((i) => !i.Mine);
  const mine = images.filter((i) => i.Mine);
  const option = (i: ResetImageWire) => (
    <option key={i.Id} value={i.Id}>
      {i.Name}
      {i.Id === currentImageId ? "（当前镜像）" : ""}
    </option>
  );
  return (
    <Form method="get" data-testid="reset-choices">
      <p>
        <label htmlFor="reset-image">重置为镜像</label>
        <br />
        <Select
          id="reset-image"
          name="image_id"
          defaultValue={currentImageId}
          aria-invalid={error ? true : undefined}
          aria-describedby="reset-image-error"
        >
          <optgroup label="官方镜像">{official.map(option)}</optgroup>
          {mine.length > 0 && <optgroup label="我的镜像">{mine.map(option)}</optgroup>}
        </Select>
        <FieldError id="reset-image-error" role={error ? "alert" : undefined}>
          {error ?? ""}
        </FieldError>
      </p>
      <p>选择当前镜像即重置系统（系统盘恢复为镜像初始状态）；选择其他镜像即更换镜像。下一步会说明哪些数据保留。</p>
      <Button type="submit" variant="secondary">
        下一步
      </Button>
    </Form>
  );
}

/** The second question: what survives (the survival row of this kind of reset), then the POST. */
export function ResetConfirm({
  uuid,
  name,
  image,
  kind,
  operationKey,
  error,
}: {
  uuid: string;
  name: string;
  image: ResetImageWire;
  kind: "system_reset" | "image_change";
  operationKey: string;
  error: string | null;
}) {
  return (
    <Form method="post" data-testid="reset-confirm">
      <input type="hidden" name="instance_uuid" value={uuid} />
      <input type="hidden" name="image_id" value={image.Id} />
      <input type="hidden" name="operation_key" value={operationKey} />
      <p>
        {kind === "system_reset" ? "重置系统" : "更换镜像"}：实例「<strong>{name}</strong>」的系统盘将
        {kind === "system_reset" ? "恢复为" : "换为"}镜像 <strong>{image.Name}</strong>
        {kind === "system_reset" ? " 的初始状态" : ""}，系统盘上原有的文件全部清除，无法恢复。
      </p>
      <SurvivalFacts row={survivalRow(kind)} />
      {error && <FieldError role="alert">{error}</FieldError>}
      <Row>
        <StatusButton intent="reset" variant="danger">
          {kind === "system_reset" ? "确认重置系统" : "确认更换镜像"}
        </StatusButton>
        <Link to={instancePath(uuid)}>取消</Link>
      </Row>
    </Form>
  );
}
