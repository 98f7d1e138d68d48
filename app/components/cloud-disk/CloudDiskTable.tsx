import { Form, Link } from "@remix-run/react";
import type { CloudDiskWire } from "~/upstream/cloud-disk.server";
import { formatDateTime } from "~/utils/format";
import { Button } from "../ui/Button";
import { Input, Select } from "../ui/Field";
import { Badge, Muted, Row, Table } from "../ui/layout";
import { TableScroll } from "../ui/TableScroll";

const GB = 1024 ** 3;

/** Used / total, e.g. "1.5 / 100 GB". */
export function usedText(disk: Pick<CloudDiskWire, "UsedBytes" | "SizeGb">): string {
  return `${(Math.round((disk.UsedBytes / GB) * 10) / 10).toString()} / ${disk.SizeGb} GB`;
}

/**
 * The account's cloud disks: use, state, expiry, SFTP access (the password only when asked for: `?reveal=<region>`),
 * and per disk a GET form each to expand and to renew, which lead to the confirm panel (nothing is bought by them).
 */
export function CloudDiskTable({
  disks,
  months,
  revealed,
}: {
  disks: CloudDiskWire[];
  months: number[];
  revealed: { regionCode: string; password: string } | null;
}) {
  if (disks.length === 0)
    return <p data-testid="cloud-disk-empty">还没有云盘。云盘独立于实例，释放实例不会删除云盘中的数据。</p>;
  return (
    <TableScroll label="我的云盘" minWidth={960}>
      <Table data-testid="cloud-disks">
        <thead>
          <tr>
            <th>地区</th>
            <th>已用 / 总量</th>
            <th>状态</th>
            <th>到期时间</th>
            <th>SFTP 连接</th>
            <th>扩容</th>
            <th>续费</th>
          </tr>
        </thead>
        <tbody>
          {disks.map((d) => (
            <tr key={d.RegionCode} data-testid={`cloud-disk-${d.RegionCode}`}>
              <td>{d.RegionName}</td>
              <td data-testid="cloud-disk-size">{usedText(d)}</td>
              <td>
                {d.State === "active" ? <Badge tone="success">正常</Badge> : <Badge tone="warn">已到期，只读</Badge>}
              </td>
              <td data-testid="cloud-disk-expiry">{formatDateTime(d.ExpiresAt)}</td>
              <td>
                <code>
                  sftp -P {d.SftpPort} {d.SftpUser}@{d.SftpHost}
                </code>
                <br />
                {revealed?.regionCode === d.RegionCode ? (
                  <>
                    密码 <code data-testid="sftp-password">{revealed.password}</code>
                  </>
                ) : (
                  <Link to={`?reveal=${encodeURIComponent(d.RegionCode)}`} rel="nofollow" data-testid="reveal-sftp">
                    显示密码
                  </Link>
                )}
              </td>
              <td>
                {d.State === "active" ? (
                  <Form method="get" noValidate>
                    <input type="hidden" name="region_code" value={d.RegionCode} />
                    <Row>
                      <label>
                        增加容量（GB）
                        <Input name="add_gb" type="number" min={10} step={10} defaultValue={10} style={{ width: 90 }} />
                      </label>
                      <Button type="submit" name="confirm" value="expand" variant="secondary">
                        扩容
                      </Button>
                    </Row>
                  </Form>
                ) : (
                  <Muted>到期后不能扩容，请先续费</Muted>
                )}
              </td>
              <td>
                <Form method="get">
                  <input type="hidden" name="region_code" value={d.RegionCode} />
                  <Row>
                    <label>
                      时长
                      <Select name="months" defaultValue="1">
                        {months.map((m) => (
                          <option key={m} value={m}>
                            {m} 个月
                          </option>
                        ))}
                      </Select>
                    </label>
                    <Button type="submit" name="confirm" value="renew" variant="secondary">
                      续费
                    </Button>
                  </Row>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
