/**
 * The document render cache (decision 017): a page is rendered again unless
 * the same inputs rendered it twice before; loaders run for every request.
 */
import { createRequestHandler, data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { codeIdentity, DocumentCache, documentKey, type DocumentInputs } from "./document-cache.server";
import { testBuild } from "./test-build.server";

describe("DocumentCache", () => {
  it("keeps a document from the second time the same inputs render", () => {
    const cache = new DocumentCache(10);
    expect(cache.get("k")).toBeUndefined();
    cache.rendered("k", "<p>一</p>");
    expect(cache.get("k")).toBeUndefined();
    cache.rendered("k", "<p>一</p>");
    expect(cache.get("k")).toBe("<p>一</p>");
  });

  it("holds at most its size, dropping the least recently used first", () => {
    const cache = new DocumentCache(2);
    for (const key of ["a", "a", "b", "b"]) cache.rendered(key, key.toUpperCase());
    expect(cache.get("a")).toBe("A"); // now "b" is the least recently used
    cache.rendered("c", "C");
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("A");
  });
});

describe("documentKey", () => {
  const inputs: DocumentInputs = {
    code: "1,2,3",
    url: "http://localhost/console/dashboard",
    status: 200,
    serverHandoff: "{}",
    loaderData: '[{"money":"1.00"}]',
  };

  it("is the same for the same inputs and differs when any one of them does", () => {
    expect(documentKey({ ...inputs })).toBe(documentKey(inputs));
    const changed: Partial<DocumentInputs>[] = [
      { code: "1,2,4" },
      { url: "http://localhost/console/dashboard?tab=1" },
      { status: 404 },
      { serverHandoff: '{"x":1}' },
      { loaderData: '[{"money":"1.01"}]' },
      // The parts are separated: moving text from one part to the next is another key.
      { url: "http://localhost/console/dashboard2", status: 0 },
    ];
    for (const change of changed) expect(documentKey({ ...inputs, ...change })).not.toBe(documentKey(inputs));
  });
});

describe("codeIdentity", () => {
  it("names the same objects the same way, and other objects otherwise", () => {
    const manifest = {};
    const root = {};
    const page = {};
    expect(codeIdentity(manifest, [root, page])).toBe(codeIdentity(manifest, [root, page]));
    expect(codeIdentity(manifest, [root, { ...page }])).not.toBe(codeIdentity(manifest, [root, page]));
    expect(codeIdentity({ ...manifest }, [root, page])).not.toBe(codeIdentity(manifest, [root, page]));
  });
});

describe("documents rendered through entry.server", () => {
  function setup() {
    const account = { money: "1.00", gone: false };
    const counts = { loads: 0, renders: 0, posts: 0 };
    function Figures() {
      const data = useLoaderData<{ money: string }>();
      counts.renders += 1;
      return <p>余额 ¥{data.money}</p>;
    }
    const build = testBuild({
      figures: {
        path: "figures",
        module: {
          default: Figures,
          loader: () => {
            counts.loads += 1;
            return account.gone ? data({ money: account.money }, { status: 410 }) : { money: account.money };
          },
          action: () => {
            counts.posts += 1;
            return { saved: true };
          },
        },
      },
    });
    const handle = createRequestHandler(build);
    const get = async (path: string) => {
      const res = await handle(new Request(`http://127.0.0.1:3000${path}`));
      return { status: res.status, html: await res.text() };
    };
    return { account, counts, handle, get };
  }

  it("renders a page again only until the same inputs have rendered twice, and runs the loader every time", async () => {
    const { account, counts, get } = setup();
    const first = await get("/figures");
    const second = await get("/figures");
    const third = await get("/figures");
    expect(counts).toMatchObject({ loads: 3, renders: 2 });
    expect(third.html).toBe(second.html);
    expect(third.html).toContain("余额 ¥<!-- -->1.00");
    expect(first.html).toBe(second.html);

    account.money = "2.50";
    const changed = await get("/figures");
    expect(counts).toMatchObject({ loads: 4, renders: 3 });
    expect(changed.html).toContain("余额 ¥<!-- -->2.50");
    expect(changed.html).not.toContain("1.00");

    await get("/figures?page=2");
    expect(counts.renders).toBe(4);
  });

  it("always renders a form post's answer and a page that is not 200", async () => {
    const { account, counts, handle, get } = setup();
    const post = () =>
      handle(
        new Request("http://127.0.0.1:3000/figures", {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: "http://127.0.0.1:3000",
            host: "127.0.0.1:3000",
          },
          body: "a=1",
        }),
      );
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(200);
    expect(counts).toMatchObject({ posts: 3, renders: 3 });

    account.gone = true;
    for (let i = 0; i < 3; i++) expect((await get("/figures")).status).toBe(410);
    expect(counts).toMatchObject({ loads: 6, renders: 6 }); // the posts reloaded the data too
  });
});
