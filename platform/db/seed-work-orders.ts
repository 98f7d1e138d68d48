import { count, eq } from "drizzle-orm";
import type { Db } from "./client";
import { subAccounts, users } from "./schema";
import {
  workOrderCategories,
  workOrderDocuments,
  workOrderEvents,
  workOrderQuestions,
  workOrders,
  workOrderSubscriptions,
  type WorkOrderResourceType,
} from "./work-order-schema";

/*
 * The work-order catalogue (issue 11): categories, their questions and the
 * self-help documents of a GPU rental platform. Seeded once, when the
 * catalogue is empty, so staff edits (and deletions) in the desk stand.
 */

type QuestionSeed = { name: string; types: WorkOrderResourceType[]; docs?: { title: string; content: string }[] };
type CategorySeed = { name: string; docs?: { title: string; content: string }[]; questions: QuestionSeed[] };

const md = (...lines: string[]) => lines.join("\n");

export const CATALOGUE: CategorySeed[] = [
  {
    name: "实例问题",
    questions: [
      {
        name: "实例无法开机",
        types: ["instance"],
        docs: [
          {
            title: "实例无法开机的排查步骤",
            content: md(
              "# 实例无法开机",
              "",
              "开机失败最常见的原因有三类，请依次检查：",
              "",
              "1. **余额不足**：按量计费的实例开机前要能支付一小时的费用（先用算力券，再用余额与授信额度），不足时无法开机。请先 [充值](/console/recharge)。",
              "2. **所在主机空闲 GPU 不足**：按量计费的实例关机后 GPU 会归还主机，再次开机时若该主机已没有足够的空闲 GPU，会提示「所在主机空闲GPU不足，暂时无法开机」。实例详情页显示主机当前的空闲卡数，请稍后再试。",
              "3. **套餐已到期**：包天、包月的实例到期后不能再开机，到期后数据会保留一段时间再释放（[控制台总览](/console/dashboard) 显示释放倒计时）。",
              "",
              "> 如果以上都不是原因，请提交工单并附上实例 ID 与开机时间，我们会查看宿主机日志。",
            ),
          },
        ],
      },
      {
        name: "GPU 不可用或显存异常",
        types: ["instance"],
        docs: [
          {
            title: "nvidia-smi 看不到 GPU 怎么办",
            content: md(
              "# nvidia-smi 看不到 GPU",
              "",
              "在实例内执行：",
              "",
              "```bash",
              "nvidia-smi",
              "```",
              "",
              "- 提示 `NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver`：多为自行升级或卸载了驱动。请勿在容器实例内安装驱动，驱动由宿主机提供。",
              "- 显存被占满但没有自己的进程：执行 `fuser -v /dev/nvidia*` 查找残留进程后结束它。",
              "- 训练时报 `CUDA error: no CUDA-capable device is detected`：检查环境变量 `CUDA_VISIBLE_DEVICES` 是否被设成了不存在的编号。",
              "",
              "若以上处理后仍看不到 GPU，请提交工单并附上 `nvidia-smi` 的完整输出截图。",
            ),
          },
        ],
      },
      {
        name: "系统盘或数据盘已满",
        types: ["instance"],
        docs: [
          {
            title: "磁盘已满的清理方法",
            content: md(
              "# 磁盘已满",
              "",
              "先找出占用最多的目录：",
              "",
              "```bash",
              "df -h",
              "du -sh /root/* 2>/dev/null | sort -rh | head -20",
              "```",
              "",
              "常见的大户：",
              "",
              "| 位置 | 清理方式 |",
              "| --- | --- |",
              "| `~/.cache/pip` | `pip cache purge` |",
              "| `~/miniconda3/pkgs` | `conda clean -a -y` |",
              "| `~/.cache/huggingface` | 删除不再使用的模型 |",
              "| 训练产生的 checkpoint | 只保留最近几个 |",
              "",
              "系统盘不建议存放数据集，请放到数据盘。数据盘的大小随租用的 GPU 数量而定，可在实例详情页查看；需要更多空间时，请租用 GPU 更多的配置。",
            ),
          },
        ],
      },
      {
        name: "SSH 或 JupyterLab 无法连接",
        types: ["instance"],
        docs: [
          {
            title: "SSH 连接失败的常见原因",
            content: md(
              "# SSH 连接失败",
              "",
              "- 请使用实例详情页「访问方式」给出的 **SSH 登录** 指令，端口不是 22。",
              "- `Connection refused`：实例可能尚未开机完成，等待 1-2 分钟后重试。",
              "- `Permission denied`：密码区分大小写，请从实例详情页复制；如在实例内用 `passwd` 改过密码，请使用新密码。",
              "- JupyterLab 打不开：确认浏览器没有拦截弹出窗口，或在实例内执行 `ps aux | grep jupyter` 确认服务在运行。",
            ),
          },
        ],
      },
    ],
  },
  {
    name: "账户与财务",
    docs: [
      {
        title: "账户与财务常见问题",
        content: md(
          "# 账户与财务常见问题",
          "",
          "**余额能提现吗？** 充值的现金中未消费的部分可以申请提现，进度见 [提现记录](/console/finance/withdrawRecords)；算力券、优惠券与授信额度不可提现。",
          "",
          "**子账号能看到主账号的余额吗？** 不能。子账号只能看到主账号分配给它的额度。",
          "",
          "**会员折扣怎么计算？** 会员折扣与时长折扣叠加，最终价格四舍五入到分。",
        ),
      },
    ],
    questions: [
      {
        name: "充值未到账",
        types: ["account", "order"],
        docs: [
          {
            title: "充值未到账怎么办",
            content: md(
              "# 充值未到账",
              "",
              "1. 微信、支付宝扫码充值一般在支付成功后 **1 分钟内** 到账。请在 [订单记录](/console/finance/orders) 查看充值订单的状态。",
              "2. 订单显示「待支付」但已扣款：支付渠道的回调可能延迟，请等待 10 分钟后刷新。",
              "3. 对公转账由财务人工核对，通常 **1 个工作日内** 到账；转账时请按充值页给出的 **转账附言** 填写。",
              "",
              "超过以上时间仍未到账，请提交工单并填写 **充值订单号** 和支付截图。",
            ),
          },
        ],
      },
      { name: "退款与提现", types: ["account", "order"] },
      { name: "子账号与权限", types: ["account"] },
      { name: "优惠券与算力券", types: ["account", "order"] },
    ],
  },
  {
    name: "镜像与环境",
    questions: [
      { name: "镜像拉取或启动失败", types: ["instance"] },
      {
        name: "CUDA 或驱动版本不匹配",
        types: ["instance"],
        docs: [
          {
            title: "CUDA 版本怎么看",
            content: md(
              "# CUDA 版本",
              "",
              "`nvidia-smi` 右上角的 **CUDA Version** 是驱动支持的 *最高* CUDA 版本，不是已安装的版本。",
              "",
              "```bash",
              "nvcc -V                      # 已安装的 CUDA Toolkit",
              "python -c 'import torch; print(torch.version.cuda, torch.cuda.is_available())'",
              "```",
              "",
              "PyTorch 自带 CUDA 运行库，只要驱动版本足够新，无需单独安装 Toolkit。请按 PyTorch 官网给出的命令安装与驱动匹配的版本。",
            ),
          },
        ],
      },
      {
        name: "Python 依赖安装失败",
        types: ["instance"],
        docs: [
          {
            title: "pip 安装慢或失败",
            content: md(
              "# pip 安装慢或失败",
              "",
              "使用国内镜像源：",
              "",
              "```bash",
              "pip config set global.index-url https://mirrors.aliyun.com/pypi/simple/",
              "```",
              "",
              "编译类依赖（如 `flash-attn`）失败时，请先确认 `gcc`、`ninja` 已安装，并优先选择与 CUDA 版本匹配的预编译包。",
            ),
          },
        ],
      },
    ],
  },
  {
    name: "数据与存储",
    questions: [
      {
        name: "数据上传下载慢",
        types: ["instance", "account"],
        docs: [
          {
            title: "上传下载数据的推荐方式",
            content: md(
              "# 上传下载数据",
              "",
              "- 小文件：在 JupyterLab 页面直接上传（入口在实例详情页的「访问方式」）。",
              "- 大文件：使用 `scp` 或 `rsync`，断点续传推荐 `rsync -avP`。",
              "- 数据集：建议打包为一个 `tar` 文件再传输，大量小文件会显著变慢。",
              "",
              "```bash",
              "rsync -avP -e 'ssh -p 端口' ./dataset.tar root@地址:/root/",
              "```",
            ),
          },
        ],
      },
      { name: "数据恢复", types: ["instance"] },
    ],
  },
  {
    name: "其他",
    questions: [
      { name: "功能建议", types: ["account"] },
      { name: "投诉与其他问题", types: ["account", "instance", "order"] },
    ],
  },
];

/** The starter catalogue, when there is none (production too: users need categories to file orders). */
export async function seedWorkOrderCatalogue(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(workOrderCategories);
  if (Number(existing?.n ?? 0) > 0) return;
  for (const [ci, category] of CATALOGUE.entries()) {
    const [c] = await db
      .insert(workOrderCategories)
      .values({ name: category.name, position: ci + 1 })
      .returning({ id: workOrderCategories.id });
    for (const [di, doc] of (category.docs ?? []).entries()) {
      await db.insert(workOrderDocuments).values({ categoryId: c!.id, questionId: null, position: di + 1, ...doc });
    }
    for (const [qi, question] of category.questions.entries()) {
      const [q] = await db
        .insert(workOrderQuestions)
        .values({ categoryId: c!.id, name: question.name, position: qi + 1, resourceTypes: question.types })
        .returning({ id: workOrderQuestions.id });
      for (const [di, doc] of (question.docs ?? []).entries()) {
        await db.insert(workOrderDocuments).values({ categoryId: c!.id, questionId: q!.id, position: di + 1, ...doc });
      }
    }
  }
}

/** The demo staff member of seeded replies (the desk's staff accounts come with its own seed). */
const DEMO_STAFF_ID = 1;

async function questionId(db: Db, name: string): Promise<{ categoryId: number; questionId: number }> {
  const [row] = await db
    .select({ categoryId: workOrderQuestions.categoryId, questionId: workOrderQuestions.id })
    .from(workOrderQuestions)
    .where(eq(workOrderQuestions.name, name))
    .limit(1);
  if (!row) throw new Error(`seed: work-order question ${name} missing`);
  return row;
}

/**
 * The demo account's work orders, so the pages show real data: one in
 * progress with an unread staff reply, one resolved, and one filed by the
 * sub-account. Only when the demo account has none.
 */
export async function seedDemoWorkOrders(db: Db, phone: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  if (!user) return;
  const [existing] = await db.select({ n: count() }).from(workOrders).where(eq(workOrders.userId, user.id));
  if (Number(existing?.n ?? 0) > 0) return;
  const [sub] = await db.select().from(subAccounts).where(eq(subAccounts.mainUserId, user.id)).limit(1);
  const hour = 3600_000;
  const base = Date.now() - 50 * hour;
  const at = (h: number) => new Date(base + h * hour);
  const userAuthor = { authorKind: "user" as const, authorId: user.id, authorSubAccountId: null };
  const staffAuthor = { authorKind: "staff" as const, authorId: DEMO_STAFF_ID, authorSubAccountId: null };

  const recharge = await questionId(db, "充值未到账");
  const [pending] = await db
    .insert(workOrders)
    .values({
      userId: user.id,
      ...recharge,
      resourceType: "account",
      resourceId: String(user.id),
      title: "微信充值 200 元已扣款，余额没有增加",
      body: md(
        "今天上午 10:20 用微信扫码充值了 **200 元**，微信已经扣款，但控制台余额没有变化。",
        "",
        "- 支付方式：微信支付",
        "- 充值记录里订单状态显示「待支付」",
        "",
        "麻烦帮忙查一下，谢谢！",
      ),
      contactPhone: user.phone,
      status: "processing",
      assigneeStaffId: DEMO_STAFF_ID,
      userUnread: true,
      staffUnread: false,
      createdAt: at(0),
      updatedAt: at(2),
      lastStaffReplyAt: at(2),
      lastUserActivityAt: at(0),
    })
    .returning({ id: workOrders.id });
  await db.insert(workOrderEvents).values([
    { orderId: pending!.id, kind: "state_change", ...userAuthor, toStatus: "new", createdAt: at(0) },
    {
      orderId: pending!.id,
      kind: "state_change",
      ...staffAuthor,
      fromStatus: "new",
      toStatus: "processing",
      createdAt: at(1),
    },
    {
      orderId: pending!.id,
      kind: "internal_note",
      ...staffAuthor,
      body: "微信商户后台可查到该笔支付，回调 10:21 超时，已提交补单。",
      createdAt: at(1.5),
    },
    {
      orderId: pending!.id,
      kind: "comment",
      ...staffAuthor,
      body: md(
        "您好，已查到这笔微信支付，是支付渠道的回调延迟导致未及时入账。",
        "",
        "我们已经为您 **补单**，200 元将在 10 分钟内到账，请稍后在 [订单记录](/console/finance/orders) 查看。给您带来不便，非常抱歉。",
      ),
      createdAt: at(2),
    },
  ]);

  const withdrawal = await questionId(db, "退款与提现");
  const [resolved] = await db
    .insert(workOrders)
    .values({
      userId: user.id,
      ...withdrawal,
      resourceType: "account",
      resourceId: String(user.id),
      title: "提现申请一直显示审核中",
      body: "上周申请提现 500 元，提现记录里到现在还显示「审核中」，请问进度如何？",
      contactPhone: user.phone,
      status: "resolved",
      assigneeStaffId: DEMO_STAFF_ID,
      userUnread: false,
      staffUnread: false,
      createdAt: at(10),
      updatedAt: at(14),
      lastStaffReplyAt: at(13),
      lastUserActivityAt: at(13.5),
      userReadAt: at(13.5),
      endedAt: at(14),
    })
    .returning({ id: workOrders.id });
  await db.insert(workOrderEvents).values([
    { orderId: resolved!.id, kind: "state_change", ...userAuthor, toStatus: "new", createdAt: at(10) },
    {
      orderId: resolved!.id,
      kind: "state_change",
      ...staffAuthor,
      fromStatus: "new",
      toStatus: "processing",
      createdAt: at(12),
    },
    {
      orderId: resolved!.id,
      kind: "comment",
      ...staffAuthor,
      body: "您好，您的提现申请已审核通过，提现记录中的状态已变为「已通过」，请留意到账。",
      createdAt: at(13),
    },
    { orderId: resolved!.id, kind: "comment", ...userAuthor, body: "收到了，谢谢！", createdAt: at(13.5) },
    {
      orderId: resolved!.id,
      kind: "state_change",
      ...staffAuthor,
      fromStatus: "processing",
      toStatus: "resolved",
      createdAt: at(14),
    },
  ]);
  await db.insert(workOrderSubscriptions).values([
    { orderId: pending!.id, channel: "site", address: null },
    { orderId: resolved!.id, channel: "site", address: null },
  ]);

  if (!sub) return;
  const suggestion = await questionId(db, "功能建议");
  const [bySub] = await db
    .insert(workOrders)
    .values({
      userId: user.id,
      subAccountId: sub.id,
      ...suggestion,
      resourceType: "account",
      resourceId: String(user.id),
      title: "希望子账号也能查看实例的监控图表",
      body: "作为子账号，目前看不到实例的 GPU 利用率曲线，希望能开放只读权限。",
      contactPhone: user.phone,
      status: "new",
      createdAt: at(30),
      updatedAt: at(30),
      lastUserActivityAt: at(30),
    })
    .returning({ id: workOrders.id });
  await db.insert(workOrderEvents).values({
    orderId: bySub!.id,
    kind: "state_change",
    authorKind: "user",
    authorId: user.id,
    authorSubAccountId: sub.id,
    toStatus: "new",
    createdAt: at(30),
  });
  await db.insert(workOrderSubscriptions).values({ orderId: bySub!.id, channel: "site", address: null });
}
