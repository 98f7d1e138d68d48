import { Form, Link } from "@remix-run/react";
import type { CustomImageWire } from "~/upstream/custom-images.server";
import { customizeImagePath, instancePath } from "~/utils/console-paths";
import { formatDateTime } from "~/utils/format";
import { Input } from "../ui/Field";
import { FieldError } from "../ui/Field";
import { Badge, Muted, Row, Table } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { TableScroll } from "../ui/TableScroll";

/** The rename form's refusal, for the row it was posted from. */
export interface RowError {
  imageId: string;
  error: string;
}

/**
 * The caller's images: name (renamed in place by a POST form), state, size,
 * what it was saved from, and a link to delete it, which asks first
 * (`?delete=<id>`: nothing is deleted by the link).
 */
export function CustomImageTable({ images, rowError }: { images: CustomImageWire[]; rowError: RowError | null }) {
  if (images.length === 0)
    return (
      <p data-testid="custom-images-empty">还没有自定义镜像。关机后的实例可以把系统盘保存为镜像，用于创建新实例。</p>
    );
  return (
    <TableScroll label="我的镜像" minWidth={900}>
      <Table data-testid="custom-images">
        <thead>
          <tr>
            <th>名称</th>
            <th>状态</th>
            <th>大小</th>
            <th>来源</th>
            <th>保存时间</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {images.map((image) => {
            const error = rowError?.imageId === String(image.Id) ? rowError.error : null;
            const errorId = `image-${image.Id}-name-error`;
            return (
              <tr key={image.Id} data-testid={`custom-image-${image.Id}`}>
                <td>
                  <Form method="post" noValidate>
                    <input type="hidden" name="image_id" value={image.Id} />
                    <Row>
                      <Input
                        name="name"
                        aria-label={`镜像「${image.Name}」的名称`}
                        defaultValue={image.Name}
                        maxLength={60}
                        style={{ width: 180 }}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                      />
                      <StatusButton intent="rename" variant="secondary">
                        重命名
                      </StatusButton>
                    </Row>
                    {error && (
                      <FieldError id={errorId} role="alert">
                        {error}
                      </FieldError>
                    )}
                  </Form>
                </td>
                <td data-testid="custom-image-state">
                  {image.State === "available" ? <Badge tone="success">可用</Badge> : <Badge tone="warn">保存中</Badge>}
                </td>
                <td>{image.SizeGb} GB</td>
                <td>
                  <Link to={instancePath(image.SourceInstanceUuid)}>{image.SourceInstanceName}</Link>
                  <br />
                  <Muted>{image.BaseName}</Muted>
                </td>
                <td>{formatDateTime(image.CreatedAt)}</td>
                <td>
                  <Link to={customizeImagePath({ confirmDelete: image.Id })} data-testid="delete-image-link">
                    删除
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
