import { Form } from "@remix-run/react";
import { useId } from "react";
import { Field, FieldError, Select, TextArea } from "~/components/ui/Field";
import { Badge, Muted, Row, Stack, Table } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { TableScroll } from "~/components/ui/TableScroll";
import { formatDateTime } from "~/utils/format";
import { formatByteSize } from "../../../../platform/rules/byte-size";
import { SOFTWARE_PLATFORM_LABELS } from "../../../../platform/rules/software-platforms";
import type { ContentFormResult } from "./ContentForm";

export interface DeskRelease {
  id: number;
  version: string;
  platform: keyof typeof SOFTWARE_PLATFORM_LABELS;
  released_at: string;
  withdrawn_at: string | null;
  file_name: string;
  size_bytes: number;
  sha256: string;
  added_by: string | null;
}

/** 撤回 asks twice: a box to tick, then the button; its refusal shows beside it. */
function WithdrawForm({ release, result }: { release: DeskRelease; result: ContentFormResult | undefined }) {
  const mine = result?.intent === "withdraw-release" && result.values.release_id === String(release.id);
  const error = mine ? (Object.values(result.fieldErrors)[0] ?? result.formError) : null;
  return (
    <Form method="post" aria-label={`撤回 ${release.version}`}>
      <input type="hidden" name="release_id" value={release.id} />
      <Row>
        <label>
          <input type="checkbox" name="confirm" value="1" /> 确认撤回
        </label>
        <StatusButton intent="withdraw-release" variant="danger" size="sm">
          撤回
        </StatusButton>
      </Row>
      <FieldError role={error ? "alert" : undefined}>{error ?? ""}</FieldError>
    </Form>
  );
}

/**
 * A tool's releases in the desk: every release with its system, size,
 * SHA-256 and who added it, 撤回 for a live one, and 添加版本 with its file
 * (a multipart form; works without JavaScript).
 */
export function SoftwareReleases({
  releases,
  result,
}: {
  releases: DeskRelease[];
  result: ContentFormResult | undefined;
}) {
  const id = useId();
  const mine = result?.intent === "add-release" ? result : undefined;
  const error = (name: string) => mine?.fieldErrors[name] ?? null;
  return (
    <Stack>
      {releases.length === 0 ? (
        <Muted>还没有版本</Muted>
      ) : (
        <TableScroll label="版本发布" minWidth={760}>
          <Table>
            <thead>
              <tr>
                <th scope="col">版本</th>
                <th scope="col">系统</th>
                <th scope="col">文件</th>
                <th scope="col">SHA-256</th>
                <th scope="col">发布</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {releases.map((r) => (
                <tr key={r.id}>
                  <td>
                    {r.version} {r.withdrawn_at && <Badge tone="muted">已撤回</Badge>}
                  </td>
                  <td>{SOFTWARE_PLATFORM_LABELS[r.platform]}</td>
                  <td>
                    {r.file_name} · {formatByteSize(r.size_bytes)}
                  </td>
                  <td>
                    <code title={r.sha256}>{r.sha256.slice(0, 16)}…</code>
                  </td>
                  <td>
                    {formatDateTime(r.released_at)} · {r.added_by ?? "系统预置"}
                  </td>
                  <td>
                    {r.withdrawn_at ? (
                      <Muted>{formatDateTime(r.withdrawn_at)} 撤回</Muted>
                    ) : (
                      <WithdrawForm release={r} result={result} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Form method="post" encType="multipart/form-data" noValidate aria-label="添加版本">
        {mine?.formError && <FieldError role="alert">{mine.formError}</FieldError>}
        <Field
          label="版本号"
          name="version"
          maxLength={32}
          defaultValue={mine?.values.version ?? ""}
          error={error("version")}
        />
        <Row css={{ flexDirection: "column", alignItems: "stretch", gap: "$1", marginBottom: "$3" }}>
          <label htmlFor={`${id}-platform`}>适用系统</label>
          <Select
            id={`${id}-platform`}
            name="platform"
            defaultValue={mine?.values.platform ?? ""}
            aria-invalid={error("platform") ? true : undefined}
            aria-describedby={error("platform") ? `${id}-platform-error` : undefined}
          >
            <option value="">请选择适用系统</option>
            {Object.entries(SOFTWARE_PLATFORM_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-platform-error`} role={error("platform") ? "alert" : undefined}>
            {error("platform") ?? ""}
          </FieldError>
          <label htmlFor={`${id}-notes`}>更新说明（Markdown）</label>
          <TextArea
            id={`${id}-notes`}
            name="notes"
            rows={3}
            maxLength={10_000}
            defaultValue={mine?.values.notes ?? ""}
          />
          <FieldError role={error("notes") ? "alert" : undefined}>{error("notes") ?? ""}</FieldError>
          <label htmlFor={`${id}-file`}>安装包（zip、tar.gz、sh、ps1、exe、dmg、AppImage，200 MB 以内）</label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            aria-invalid={error("file") ? true : undefined}
            aria-describedby={error("file") ? `${id}-file-error` : undefined}
          />
          <FieldError id={`${id}-file-error`} role={error("file") ? "alert" : undefined}>
            {error("file") ?? ""}
          </FieldError>
        </Row>
        <StatusButton intent="add-release">添加版本</StatusButton>
      </Form>
    </Stack>
  );
}
