import { Link } from "@remix-run/react";
import type { InstanceDetailWire } from "~/upstream/instances.server";
import { instancePath, instancePluginPath } from "~/utils/console-paths";
import { ButtonLink } from "../ui/Button";
import { CopyButton } from "../ui/CopyButton";
import { Muted } from "../ui/layout";
import { styled } from "../ui/stitches.config";

const Lines = styled("dl", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "$2 $5",
  margin: 0,
  dt: { color: "$mutedText" },
  dd: { margin: 0 },
  code: { fontFamily: "monospace", userSelect: "all" },
});

/**
 * How to reach the instance: the SSH command, the password (masked until the
 * user asks, a GET of the page with reveal=1), and the JupyterLab link.
 */
export function InstanceAccess({ uuid, access }: { uuid: string; access: InstanceDetailWire["Access"] }) {
  if (!access) return <Muted>实例运行后显示登录方式</Muted>;
  return (
    <Lines data-testid="instance-access">
      <dt>SSH 登录</dt>
      <dd>
        <code data-testid="ssh-command">{access.SshCommand}</code>{" "}
        <CopyButton text={access.SshCommand} label="复制" name="SSH 命令" />
      </dd>
      <dt>主机 / 端口</dt>
      <dd>
        {access.SshHost} : {access.SshPort}
      </dd>
      <dt>密码</dt>
      <dd>
        {access.SshPassword ? (
          <>
            <code data-testid="ssh-password">{access.SshPassword}</code>{" "}
            <CopyButton text={access.SshPassword} label="复制" name="密码" />{" "}
            <ButtonLink as={Link} to={instancePath(uuid)} preventScrollReset variant="secondary" size="sm">
              隐藏
            </ButtonLink>
          </>
        ) : (
          <>
            <span aria-label="密码已隐藏">********</span>{" "}
            <ButtonLink
              as={Link}
              to={`${instancePath(uuid)}?reveal=1`}
              preventScrollReset
              rel="nofollow"
              variant="secondary"
              size="sm"
            >
              显示密码
            </ButtonLink>
          </>
        )}
      </dd>
      <dt>JupyterLab</dt>
      <dd>
        {access.JupyterUrl ? (
          <a href={access.JupyterUrl} target="_blank" rel="noreferrer noopener">
            打开 JupyterLab
          </a>
        ) : (
          <>
            已关闭（<Link to={instancePluginPath(uuid)}>在插件页开启</Link>）
          </>
        )}
      </dd>
    </Lines>
  );
}
