import { Form, Link } from "@remix-run/react";
import type { CustomImageWire } from "~/upstream/custom-images.server";
import { customizeImagePath } from "~/utils/console-paths";
import { FieldError } from "../ui/Field";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** The second question before a delete: what is lost and what is not; the POST deletes. */
export function DeleteImageConfirm({ image, error }: { image: CustomImageWire; error: string | null }) {
  return (
    <Form method="post" data-testid="delete-image-confirm">
      <input type="hidden" name="image_id" value={image.Id} />
      <p>
        确定删除镜像「<strong>{image.Name}</strong>」（{image.SizeGb}{" "}
        GB）吗？删除后无法恢复，也不能再用它创建实例或重置系统； 已经用它创建的实例不受影响，删除后释放它占用的配额。
      </p>
      {error && <FieldError role="alert">{error}</FieldError>}
      <Row>
        <StatusButton intent="delete" variant="danger">
          确认删除
        </StatusButton>
        <Link to={customizeImagePath()}>取消</Link>
      </Row>
    </Form>
  );
}
