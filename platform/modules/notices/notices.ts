import { count, desc, eq, isNotNull } from "drizzle-orm";
import { notices } from "../../db/schema";
import type { Ctx } from "../context";
import { fail } from "../errors";

export interface NoticeSummary {
  Id: number;
  Title: string;
  Summary: string;
  PublishedAt: string;
}

export interface NoticeDetail extends NoticeSummary {
  Content: string;
}

export interface Banner {
  Id: number;
  Title: string;
  Image: string;
  Link: string;
}

const toSummary = (n: typeof notices.$inferSelect): NoticeSummary => ({
  Id: n.id,
  Title: n.title,
  Summary: n.summary,
  PublishedAt: n.publishedAt.toISOString(),
});

/** One page of notices, newest first. */
export async function listNotices(ctx: Ctx, page: number, pageSize: number) {
  const rows = await ctx.db
    .select()
    .from(notices)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(notices);
  return { data: rows.map(toSummary), total: Number(total?.n ?? 0), page, page_size: pageSize };
}

export async function getNotice(ctx: Ctx, id: number): Promise<NoticeDetail> {
  const [row] = await ctx.db.select().from(notices).where(eq(notices.id, id)).limit(1);
  if (!row) return fail("NOT_FOUND", "id", "公告不存在或已下线");
  return { ...toSummary(row), Content: row.content };
}

/** Banners for the storefront and the three newest notices for the bar. */
export async function bannersAndNotices(ctx: Ctx) {
  const bannerRows = await ctx.db
    .select()
    .from(notices)
    .where(isNotNull(notices.bannerImage))
    .orderBy(desc(notices.publishedAt))
    .limit(5);
  const { data } = await listNotices(ctx, 1, 3);
  const banners: Banner[] = bannerRows.map((b) => ({
    Id: b.id,
    Title: b.title,
    Image: b.bannerImage ?? "",
    Link: b.bannerLink ?? `/informDetail/${b.id}`,
  }));
  return { banners, notices: data, newest_notice_id: data[0]?.Id ?? 0 };
}
