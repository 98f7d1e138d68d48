import { Link } from "@remix-run/react";
import type { InstanceAccessWire } from "~/upstream/instances.server";
import { instancePasswordPath, instancePath, instancePluginPath } from "~/utils/console-paths";
import { CopyButton } from "../ui/CopyButton";
import { styled } from "../ui/stitches.config";

const Lines = styled("div", {
  display: "flex",
  flexDirection: "column",
  gap: "$1",
  "& > div": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "$1 $2" },
  code: { fontFamily: "monospace", userSelect: "all", overflowWrap: "anywhere" },
  small: { color: "$mutedText", fontSize: "$sm" },
});

/** Fetches an instance's password for its copy button (`{ password }` from the resource route). */
async function fetchPassword(uuid: string): Promise<string> {
  const reply = await fetch(instancePasswordPath(uuid), {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  const body = (await reply.json()) as { password?: string; error?: string };
  if (!reply.ok || !body.password) throw new Error(body.error ?? "复制失败");
  return body.password;
}

/**
 * An instance row's login, as AutoDL gives it: the SSH command with 复制, the password masked with 复制 (fetched
 * when pressed, so the list's HTML carries no password) and 显示密码 (the instance page, its password shown: the
 * way without JavaScript), and the JupyterLab link (decision 068).
 */
export function InstanceLogin({ uuid, access }: { uuid: string; access: InstanceAccessWire }) {
  return (
    <Lines data-testid="instance-login">
      <div>
        <code data-testid="ssh-command">{access.SshCommand}</code>
        <CopyButton text={access.SshCommand} label="复制" name="SSH 命令" />
      </div>
      <div>
        <small>密码</small>
        <span aria-label="密码已隐藏">********</span>
        <CopyButton load={() => fetchPassword(uuid)} label="复制" name="密码" />
        <Link to={`${instancePath(uuid)}?reveal=1`} rel="nofollow" data-testid="reveal-password">
          显示密码
        </Link>
      </div>
      <div>
        {access.JupyterUrl ? (
          <a href={access.JupyterUrl} target="_blank" rel="noreferrer noopener">
            JupyterLab
          </a>
        ) : (
          <Link to={instancePluginPath(uuid)}>JupyterLab 已关闭</Link>
        )}
      </div>
    </Lines>
  );
}
