/**
 * The files of the seeded tool "SSH 连接助手" (seed-software.ts), kept here as
 * text so the build carries them: a POSIX shell script for macOS and Linux and
 * a PowerShell script for Windows, each adding a Host entry for an instance's
 * SSH command (as the console shows it: `ssh -p <port> root@<host>`) to the
 * user's ~/.ssh/config. Their SHA-256 is computed from these bytes at seed time.
 */

/** gpu-ssh-config.sh (macOS / Linux, /bin/sh). */
export const GPU_SSH_CONFIG_SH = `#!/bin/sh
# SSH 连接助手 1.0.0（macOS / Linux）
# 把控制台实例详情里的“登录指令”写成 ~/.ssh/config 里的一个 Host，
# 之后用 \`ssh 别名\`、VS Code Remote-SSH 或 scp/rsync 直接连接实例。
#
# 用法：
#   sh gpu-ssh-config.sh "ssh -p 41234 root@ssh-bj-a.example.cn" [别名]
# 例如：
#   sh gpu-ssh-config.sh "ssh -p 41234 root@ssh-bj-a.example.cn" gpu-4090
#   ssh gpu-4090
# 别名省略时为 gpu-<端口>。同名 Host 已存在时不会覆盖，请换一个别名。
# 密码在控制台实例详情里查看，本脚本不保存密码。
set -eu

usage() {
  echo "用法：sh $0 \\"ssh -p 端口 用户@地址\\" [别名]" >&2
  echo "登录指令在控制台 → 实例详情 → 登录指令，复制后整段加引号传入。" >&2
  exit 2
}

[ $# -ge 1 ] && [ $# -le 2 ] || usage
command_line=$1

port=$(printf '%s\\n' "$command_line" | sed -n 's/.*-p[[:space:]]*\\([0-9][0-9]*\\).*/\\1/p')
target=$(printf '%s\\n' "$command_line" | sed -n 's/.*[[:space:]]\\([A-Za-z0-9._-][A-Za-z0-9._-]*@[A-Za-z0-9.-][A-Za-z0-9.-]*\\)[[:space:]]*$/\\1/p')
[ -n "$port" ] && [ -n "$target" ] || { echo "无法识别登录指令：$command_line" >&2; usage; }
user=\${target%@*}
host=\${target#*@}
alias_name=\${2:-gpu-$port}
case $alias_name in
  *[!A-Za-z0-9._-]*|'') echo "别名只能包含字母、数字、点、下划线和连字符：$alias_name" >&2; exit 2 ;;
esac

ssh_dir="$HOME/.ssh"
config="$ssh_dir/config"
mkdir -p "$ssh_dir"
chmod 700 "$ssh_dir"
touch "$config"
chmod 600 "$config"

if grep -Eq "^[[:space:]]*Host[[:space:]]+(.*[[:space:]])?$alias_name([[:space:]]|\\$)" "$config"; then
  echo "~/.ssh/config 里已有 Host $alias_name，未做修改。请换一个别名再运行。" >&2
  exit 1
fi

{
  printf '\\n# 由 SSH 连接助手添加于 %s\\n' "$(date '+%Y-%m-%d %H:%M')"
  printf 'Host %s\\n' "$alias_name"
  printf '    HostName %s\\n' "$host"
  printf '    Port %s\\n' "$port"
  printf '    User %s\\n' "$user"
  printf '    ServerAliveInterval 30\\n'
  printf '    ServerAliveCountMax 6\\n'
} >> "$config"

echo "已添加 Host $alias_name（$user@$host:$port）到 $config"
echo "现在可以运行：ssh $alias_name"
`;

/** gpu-ssh-config.ps1 (Windows PowerShell 5.1+, with the OpenSSH client Windows ships). */
export const GPU_SSH_CONFIG_PS1 = `# SSH 连接助手 1.0.0（Windows PowerShell 5.1 及以上，需系统自带的 OpenSSH 客户端）
# 把控制台实例详情里的“登录指令”写成 %USERPROFILE%\\.ssh\\config 里的一个 Host，
# 之后用 \`ssh 别名\`、VS Code Remote-SSH 或 scp 直接连接实例。
#
# 用法（在 PowerShell 中）：
#   powershell -ExecutionPolicy Bypass -File .\\gpu-ssh-config.ps1 "ssh -p 41234 root@ssh-bj-a.example.cn" gpu-4090
#   ssh gpu-4090
# 别名省略时为 gpu-<端口>。同名 Host 已存在时不会覆盖，请换一个别名。
# 密码在控制台实例详情里查看，本脚本不保存密码。
param(
  [Parameter(Mandatory = $true, Position = 0)][string]$Command,
  [Parameter(Position = 1)][string]$Alias
)
$ErrorActionPreference = 'Stop'

$match = [regex]::Match($Command, '-p\\s*(\\d+)\\s+([A-Za-z0-9._-]+)@([A-Za-z0-9.-]+)\\s*$')
if (-not $match.Success) {
  Write-Error "无法识别登录指令：$Command\`n登录指令在控制台 → 实例详情 → 登录指令，复制后整段加引号传入。"
  exit 2
}
$port = $match.Groups[1].Value
$user = $match.Groups[2].Value
$hostName = $match.Groups[3].Value
if (-not $Alias) { $Alias = "gpu-$port" }
if ($Alias -notmatch '^[A-Za-z0-9._-]+$') {
  Write-Error "别名只能包含字母、数字、点、下划线和连字符：$Alias"
  exit 2
}

$sshDir = Join-Path $env:USERPROFILE '.ssh'
$config = Join-Path $sshDir 'config'
New-Item -ItemType Directory -Force -Path $sshDir | Out-Null
if (-not (Test-Path $config)) { New-Item -ItemType File -Path $config | Out-Null }

$existing = Get-Content -Path $config -ErrorAction SilentlyContinue
if ($existing -match "^\\s*Host\\s+(.*\\s)?$([regex]::Escape($Alias))(\\s|$)") {
  Write-Error "config 里已有 Host $Alias，未做修改。请换一个别名再运行。"
  exit 1
}

$entry = @(
  '',
  "# 由 SSH 连接助手添加于 $(Get-Date -Format 'yyyy-MM-dd HH:mm')",
  "Host $Alias",
  "    HostName $hostName",
  "    Port $port",
  "    User $user",
  '    ServerAliveInterval 30',
  '    ServerAliveCountMax 6'
)
# OpenSSH for Windows reads the config as UTF-8 without a byte-order mark.
[System.IO.File]::AppendAllText($config, ($entry -join "\`r\`n") + "\`r\`n", (New-Object System.Text.UTF8Encoding($false)))

Write-Output "已添加 Host $Alias（$user@\${hostName}:$port）到 $config"
Write-Output "现在可以运行：ssh $Alias"
`;
