import type { DeskCatalogueWire, DeskQueueItemWire } from "../../contract/desk";
import type { DeskCatalogue } from "../../modules/work-orders/desk-catalogue";
import { maskPhone } from "../../modules/accounts/user-info";
import type { DeskQueueItem } from "../../modules/work-orders/desk-queue";

export const iso = (at: Date) => at.toISOString();
export const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

export const toDeskQueueItem = (item: DeskQueueItem): DeskQueueItemWire => ({
  id: item.id,
  title: item.title,
  status: item.status,
  category_name: item.categoryName,
  question_name: item.questionName,
  user_phone: maskPhone(item.userPhone),
  assignee: item.assignee,
  created_at: iso(item.createdAt),
  last_user_activity_at: iso(item.lastUserActivityAt),
  last_staff_reply_at: isoOrNull(item.lastStaffReplyAt),
  unread: item.unread,
  waiting_for_us: item.waitingForUs,
});

export const toDeskCatalogue = (catalogue: DeskCatalogue): DeskCatalogueWire => ({
  categories: catalogue.categories.map((c) => ({
    id: c.id,
    name: c.name,
    questions: c.questions.map((q) => ({
      id: q.id,
      category_id: q.categoryId,
      name: q.name,
      resource_types: q.resourceTypes,
    })),
  })),
  documents: catalogue.documents.map((d) => ({
    id: d.id,
    category_id: d.categoryId,
    question_id: d.questionId,
    title: d.title,
    content: d.content,
    updated_at: iso(d.updatedAt),
  })),
});
