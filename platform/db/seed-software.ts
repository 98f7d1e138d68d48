import { eq } from "drizzle-orm";
import { softwareKind } from "../modules/content/kinds";
import type { SoftwareFields } from "../modules/content/kinds/software";
import { seedPublishedContent } from "../modules/content/lifecycle";
import type { Ctx } from "../modules/context";
import { sha256Hex } from "../modules/software/release-file";
import type { Db } from "./client";
import { contentFiles, software, softwareReleases, type SoftwarePlatform } from "./content-schema";
import { contentSeedContext } from "./seed-content-context";
import { GPU_SSH_CONFIG_PS1, GPU_SSH_CONFIG_SH } from "./seed-software-files";

/** A file the seed ships: stored under a key named by its SHA-256, so the key always means these bytes. */
interface SeedFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();
const SSH_SH: SeedFile = {
  name: "gpu-ssh-config.sh",
  mime: "text/x-shellscript; charset=utf-8",
  bytes: encoder.encode(GPU_SSH_CONFIG_SH),
};
const SSH_PS1: SeedFile = {
  name: "gpu-ssh-config.ps1",
  mime: "text/plain; charset=utf-8",
  bytes: encoder.encode(GPU_SSH_CONFIG_PS1),
};

/** Every file the seed ships, for storeSeededSoftwareFiles. */
export const SEED_SOFTWARE_FILES: readonly SeedFile[] = [SSH_SH, SSH_PS1];

export const seedFileKey = (file: SeedFile) => `software/seed/${sha256Hex(file.bytes)}`;

const SSH_HELPER: { slug: string; fields: SoftwareFields } = {
  slug: "ssh-config-helper",
  fields: {
    name: "SSH 连接助手",
    summary: "把实例的登录指令写进本机 ~/.ssh/config，之后一条 ssh 别名 就能连上，VS Code Remote-SSH 也能直接选。",
    position: 10,
    body: `控制台的实例详情里有一条登录指令，形如 \`ssh -p 41234 root@ssh-bj-a.example.cn\`。SSH 连接助手把它写成本机 SSH 配置里的一个 Host，以后：

- 终端里 \`ssh gpu-4090\` 即可登录，不用再记端口；
- \`scp\`、\`rsync -e ssh\` 传文件时也用这个别名；
- VS Code 的 Remote-SSH、PyCharm 的 SSH 解释器会在主机列表里直接列出它。

脚本只写入地址、端口和用户名，**不保存密码**；密码仍在控制台实例详情里查看。同名的 Host 已存在时不会覆盖。

## macOS / Linux

\`\`\`bash
sh gpu-ssh-config.sh "ssh -p 41234 root@ssh-bj-a.example.cn" gpu-4090
ssh gpu-4090
\`\`\`

## Windows

需要 Windows 10 1809 及以上自带的 OpenSSH 客户端（设置 → 应用 → 可选功能 → OpenSSH 客户端）。在 PowerShell 中：

\`\`\`powershell
powershell -ExecutionPolicy Bypass -File .\\gpu-ssh-config.ps1 "ssh -p 41234 root@ssh-bj-a.example.cn" gpu-4090
ssh gpu-4090
\`\`\`

下载后可以用 SHA-256 校验文件是否完整：macOS 用 \`shasum -a 256 文件名\`，Linux 用 \`sha256sum 文件名\`，Windows 用 \`Get-FileHash 文件名\`，结果应与本页列出的一致。`,
  },
};

const SSH_HELPER_RELEASES: { platform: SoftwarePlatform; file: SeedFile }[] = [
  { platform: "windows", file: SSH_PS1 },
  { platform: "macos", file: SSH_SH },
  { platform: "linux", file: SSH_SH },
];

const FIRST_NOTES = "首个版本：根据登录指令添加 Host（别名、地址、端口、用户名和保活设置），同名 Host 不覆盖。";

/**
 * The downloadable tools of a fresh installation (issue 35 §1): "SSH 连接助手"
 * version 1.0.0 for Windows, macOS and Linux, its file rows carrying the
 * SHA-256 of the bytes above. Only the rows: the bytes are put into storage by
 * storeSeededSoftwareFiles once the providers exist. Adds nothing when the tool
 * is already there (a second start, or an editor's later changes).
 */
export async function seedSoftware(db: Db): Promise<void> {
  const [present] = await db.select({ id: software.id }).from(software).where(eq(software.slug, SSH_HELPER.slug));
  if (present) return;
  const tool = await seedPublishedContent(contentSeedContext(db), softwareKind, SSH_HELPER);
  const fileIds = new Map<SeedFile, number>();
  for (const file of SEED_SOFTWARE_FILES) {
    const [row] = await db
      .insert(contentFiles)
      .values({
        storageKey: seedFileKey(file),
        name: file.name,
        mime: file.mime,
        sizeBytes: file.bytes.byteLength,
        sha256: sha256Hex(file.bytes),
      })
      .onConflictDoUpdate({ target: contentFiles.storageKey, set: { name: file.name } })
      .returning({ id: contentFiles.id });
    fileIds.set(file, row!.id);
  }
  await db.insert(softwareReleases).values(
    SSH_HELPER_RELEASES.map((release) => ({
      softwareId: tool.id,
      version: "1.0.0",
      platform: release.platform,
      notes: FIRST_NOTES,
      fileId: fileIds.get(release.file)!,
    })),
  );
}

/**
 * Puts the seeded files' bytes into storage where they are missing (a first
 * start, or a new storage with an old database); run at every platform start.
 * The key is the bytes' SHA-256, so replicas doing it at once write the same.
 */
export async function storeSeededSoftwareFiles(ctx: Ctx): Promise<void> {
  for (const file of SEED_SOFTWARE_FILES) {
    const key = seedFileKey(file);
    if (!(await ctx.providers.storage.get(key))) await ctx.providers.storage.put(key, file.bytes, file.mime);
  }
}
