import { styled } from "~/components/ui/stitches.config";

const Code = styled("pre", {
  margin: "$2 0",
  padding: "$3",
  borderRadius: "$sm",
  backgroundColor: "#F6F8FA",
  overflowX: "auto",
  fontSize: "$sm",
});

/**
 * How an instance reaches a dataset: it is mounted read-only at its path in
 * every instance, so it is read in place; a copy to the instance's own disk is
 * for what training writes next to it, or reads many times.
 */
export function DatasetUsage({ mountPath }: { mountPath: string }) {
  const name = mountPath.split("/").filter(Boolean).pop() ?? "dataset";
  return (
    <>
      <p>
        数据集以只读方式挂载在每台实例的 <code>{mountPath}</code>，开机即可使用，在代码里把数据目录指向这个路径即可。
        通过 SSH 或 JupyterLab 的终端查看：
      </p>
      <Code data-testid="dataset-shell">
        <code>{`ls ${mountPath}\ndu -sh ${mountPath}`}</code>
      </Code>
      <p>目录只读：需要解压、改写或反复随机读取的部分，请先复制到实例自己的磁盘（复制的文件占用您的磁盘空间）：</p>
      <Code>
        <code>{`mkdir -p /root/data\ncp -r ${mountPath} /root/data/${name}`}</code>
      </Code>
    </>
  );
}
