import { getModel, listModels } from "~/upstream/models.server";
import { MODEL_FAMILY_LABELS, parseModelFamily } from "../../platform/rules/model-families";
import { renderMarkdown } from "./markdown.server";
import { requirePhoneUser } from "./phone-guard.server";
import { loadPage } from "./upstream-errors.server";

/** The public pages' caching (decision 077): re-exported so each route imports its server code from here alone. */
export { publicContentHeaders } from "~/render/public-cache.server";

/*
 * The model library routes' server code (AIModels._index.tsx, AIModels.$id.tsx):
 * each route imports it from this one module, so its browser bundle carries
 * one empty stand-in (decision 078).
 */

/** /AIModels: the published models of the URL's family (`?family=`; an unknown one shows all, with a note). */
export function modelsLoader(request: Request) {
  return loadPage(request, async () => {
    const asked = new URL(request.url).searchParams.get("family");
    const family = parseModelFamily(asked);
    const list = await listModels(family ?? undefined);
    return {
      ...list,
      family,
      familyLabel: family ? MODEL_FAMILY_LABELS[family] : null,
      unknownFamily: asked !== null && asked !== "" && family === null,
    };
  });
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * /AIModels/:id (modelDetail): a visitor goes to /login?redirectTo=<this
 * page> and comes back; a user gets the model with its body rendered. An
 * unknown, malformed or unpublished model is the site's 404.
 */
export function modelLoader(request: Request, slug: string) {
  return loadPage(request, async () => {
    await requirePhoneUser(request);
    if (!SLUG.test(slug) || slug.length > 64) throw new Response("模型不存在或已下线", { status: 404 });
    const { Body, ...model } = await getModel(slug);
    return { model, html: renderMarkdown(Body) };
  });
}
