import type { Ctx, SiteSettings } from "../modules/context";
import type { PersonalDataKeys } from "../modules/security/personal-data-cipher";
import type { Providers } from "../providers";
import type { Db } from "./client";

/** An object whose every property read throws: what the seed does not have. */
function unavailable<T extends object>(what: string): T {
  // The target is never read: every property access lands in `get` and throws.
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`the content seed has no ${what} (${String(property)})`);
    },
  });
}

/**
 * The context the content seeds hand to the lifecycle (seedPublishedContent):
 * the database and the clock. The seed runs before the providers exist, so
 * reaching for them (or the site settings, or the personal data keys) throws instead of doing anything.
 */
export function contentSeedContext(db: Db): Ctx {
  return {
    db,
    now: () => new Date(),
    providers: unavailable<Providers>("providers"),
    site: unavailable<SiteSettings>("site settings"),
    personalData: unavailable<PersonalDataKeys>("personal data keys"),
  };
}
