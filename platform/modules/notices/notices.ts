import { count, desc, eq, isNotNull } from "drizzle-orm";
import { notices } from "../../db/schema";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import type { Page, PageRequest } from "../page";

export interface NoticeSummary {
  id: number;
  title: string;
  summary: string;
  publishedAt: Date;
}

export interface NoticeDetail extends NoticeSummary {
  /** Markdown. */
  content: string;
}

export interface Banner {
  id: number;
  title: string;
  image: string;
  /** Where the banner leads: its own link, or the notice's page. */
  link: string;
}

const toSummary = (n: typeof notices.$inferSelect): NoticeSummary => ({
  id: n.id,
  title: n.title,
  summary: n.summary,
  publishedAt: n.publishedAt,
});

/** One page of notices, newest first. Public. */
export async function listNotices(ctx: Ctx, _visitor: Visitor, input: PageRequest): Promise<Page<NoticeSummary>> {
  const { page, pageSize } = input;
  const rows = await ctx.db
    .select()
    .from(notices)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(notices);
  return { items: rows.map(toSummary), total: Number(total?.n ?? 0), page, pageSize };
}

/** One notice with its body. Public. */
export async function getNotice(ctx: Ctx, _visitor: Visitor, input: { id: number }): Promise<NoticeDetail> {
  const [row] = await ctx.db.select().from(notices).where(eq(notices.id, input.id)).limit(1);
  if (!row) return fail("NOT_FOUND", "id", "公告不存在或已下线");
  return { ...toSummary(row), content: row.content };
}

/** Banners for the storefront and the three newest notices for the bar. Public. */
export async function bannersAndNotices(
  ctx: Ctx,
  visitor: Visitor,
): Promise<{ banners: Banner[]; notices: NoticeSummary[]; newestNoticeId: number | null }> {
  const bannerRows = await ctx.db
    .select()
    .from(notices)
    .where(isNotNull(notices.bannerImage))
    .orderBy(desc(notices.publishedAt))
    .limit(5);
  const { items } = await listNotices(ctx, visitor, { page: 1, pageSize: 3 });
  const banners = bannerRows.map((b) => ({
    id: b.id,
    title: b.title,
    image: b.bannerImage ?? "",
    link: b.bannerLink ?? `/informDetail/${b.id}`,
  }));
  return { banners, notices: items, newestNoticeId: items[0]?.id ?? null };
}
