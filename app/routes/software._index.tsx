import markdownStyles from "@uiw/react-markdown-preview/markdown.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SoftwareTool } from "~/components/software/SoftwareTool";
import { Page, Panel } from "~/components/ui/layout";
import { softwareLoader, publicContentHeaders } from "~/utils/software.server";

/** Cacheable for visitors without a session (decision 077); private for everyone else. */
export const headers = publicContentHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: markdownStyles }];
export const meta: MetaFunction = () => [
  { title: "软件下载 · 算力云" },
  {
    name: "description",
    content: "连接和使用 GPU 实例的客户端工具：SSH 连接助手等，Windows、macOS、Linux 版本，附 SHA-256 校验值。",
  },
];
export const handle = { showContact: true };

export function loader({ request }: LoaderFunctionArgs) {
  return softwareLoader(request);
}

export default function SoftwarePage() {
  const { tools } = useLoaderData<typeof loader>();
  return (
    <Page>
      <h1 style={{ fontSize: 20, margin: "0 0 8px" }}>软件下载</h1>
      <p style={{ margin: "0 0 16px" }}>
        连接和使用实例的客户端工具。下载后可用 SHA-256 校验文件是否完整：macOS 用 <code>shasum -a 256 文件名</code>
        ，Linux 用 <code>sha256sum 文件名</code>，Windows 用 <code>Get-FileHash 文件名</code>。
      </p>
      {tools.length === 0 ? (
        <Panel>
          <p>暂无可下载的软件。</p>
        </Panel>
      ) : (
        tools.map(({ tool, html }) => <SoftwareTool key={tool.Slug} tool={tool} html={html} />)
      )}
    </Page>
  );
}
