import { describe, expect, it } from "vitest";
import {
  carriesFiles,
  droppedFiles,
  imageMarkdown,
  pastedFiles,
  placeholdersFor,
  replacePlaceholder,
  screenImages,
  uploadImages,
  type ImageUploadHost,
} from "./image-uploads";
import { editorMessages } from "./messages";
import type { TextState } from "./text-commands";
import type { UploadedImage } from "./upload-image";

const m = editorMessages("zh-CN");
const LIMITS = { maxFiles: 9, maxFileMegabytes: 10 };
const png = (name = "shot.png", bytes = 4) => new File([new Uint8Array(bytes)], name, { type: "image/png" });
const at = (text: string, start = text.length, end = start): TextState => ({ text, selection: { start, end } });

/** A DataTransfer as the browser hands it to paste and drop handlers. */
function transfer(files: File[], texts: Record<string, string> = {}) {
  const types = [...Object.keys(texts), ...(files.length ? ["Files"] : [])];
  return { files: files as unknown as FileList, types };
}

/** The editor, as far as the upload sequence sees it: a text, a history of commits, the registered images. */
function fakeEditor(start: TextState, answer: (file: File) => Promise<UploadedImage>) {
  let state = start;
  const commits: { text: string; placed: boolean }[] = [];
  const registered: UploadedImage[] = [];
  const statuses: string[] = [];
  const host: ImageUploadHost = {
    current: () => state,
    commit: (next, placed) => {
      state = next;
      commits.push({ text: next.text, placed });
    },
    upload: answer,
    register: (image) => registered.push(image),
    status: (message) => statuses.push(message),
  };
  return { host, commits, registered, statuses, state: () => state };
}

describe("what a paste or a drop brings", () => {
  it("a screenshot, a browser's copied image and a copied file upload; an office program's copied text pastes as text", () => {
    const shot = png("image.png");
    expect(pastedFiles(transfer([shot]))).toEqual([shot]);
    expect(pastedFiles(transfer([shot], { "text/html": '<img src="x">' }))).toEqual([shot]);
    expect(pastedFiles(transfer([shot], { "text/plain": "image.png" }))).toEqual([shot]);
    expect(pastedFiles(transfer([shot], { "text/plain": "A1\tB1", "text/html": "<table>" }))).toEqual([]);
    expect(pastedFiles(transfer([], { "text/plain": "文字" }))).toEqual([]);
    expect(pastedFiles(null)).toEqual([]);
  });

  it("a drag with files is taken by the editor; one with text is not", () => {
    expect(carriesFiles(transfer([png()]))).toBe(true);
    expect(carriesFiles(transfer([], { "text/plain": "拖动的文字" }))).toBe(false);
    expect(carriesFiles(null)).toBe(false);
    const files = [png("a.png"), png("b.png")];
    expect(droppedFiles(transfer(files))).toEqual(files);
  });
});

describe("screenImages", () => {
  it("refuses what is not a gif/jpeg/png/svg, what is over 10 MB, and what passes nine files, in the platform's words", () => {
    const pdf = new File(["%PDF"], "报告.pdf", { type: "application/pdf" });
    const big = png("大图.png", 10 * 1024 * 1024 + 1);
    const unnamed = new File([new Uint8Array(4)], "scan.JPG", { type: "" });
    const svg = new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" });
    const { accepted, refusals } = screenImages([pdf, big, unnamed, svg], 0, LIMITS, m);
    expect(accepted).toEqual([unnamed, svg]);
    expect(refusals).toEqual([
      "“报告.pdf”：仅支持 gif、jpeg、jpg、png、svg 图片",
      "“大图.png”：单个文件不能超过 10 MB",
    ]);

    const three = [png("1.png"), png("2.png"), png("3.png")];
    const past = screenImages(three, 7, LIMITS, m);
    expect(past.accepted).toEqual(three.slice(0, 2));
    expect(past.refusals).toEqual(["每个工单最多上传9个附件"]);
  });

  it("without the page's limits checks only the type (the upload route refuses the rest)", () => {
    const big = png("大图.png", 11 * 1024 * 1024);
    expect(screenImages([big], 20, undefined, m)).toEqual({ accepted: [big], refusals: [] });
  });
});

describe("placeholders", () => {
  it("are one per file, each different from the others and from the text", () => {
    const files = [png("a.png"), png("a.png"), png("b[1].png")];
    expect(placeholdersFor(files, "已有 ![上传中… a.png]()", "上传中…")).toEqual([
      "![上传中… a.png (2)]()",
      "![上传中… a.png (3)]()",
      "![上传中… b1.png]()",
    ]);
  });

  it("are swapped for the image keeping the cursor in its place, or taken out with their line break", () => {
    const ph = "![上传中… a.png]()";
    const text = `前${ph}\n后`;
    // The cursor after the placeholder (the writer typed on) moves with the text.
    const swapped = replacePlaceholder(at(text, text.length), ph, "![a.png](/f/1)");
    expect(swapped).toEqual(at("前![a.png](/f/1)\n后"));
    // The cursor before it stays.
    expect(replacePlaceholder(at(text, 1), ph, "![a.png](/f/1)").selection).toEqual({ start: 1, end: 1 });
    expect(replacePlaceholder(at(text, text.length), ph, "")).toEqual(at("前后"));
    // A placeholder the writer deleted: nothing changes.
    const gone = at("前后");
    expect(replacePlaceholder(gone, ph, "x")).toBe(gone);
  });
});

describe("uploadImages", () => {
  const served = (file: File, id: number): UploadedImage => ({
    id: String(id),
    url: `/work-order-files/${id}`,
    name: file.name,
  });

  it("puts a placeholder at the cursor, then the image's markdown in its place, and registers the attachment", async () => {
    let id = 40;
    const editor = fakeEditor(at("见图：，谢谢", 3), async (file) => served(file, ++id));
    const placed = await uploadImages([png("报错.png"), png("日志.png")], editor.host, {
      attached: 0,
      limits: LIMITS,
      messages: m,
    });
    expect(editor.commits[0]).toEqual({
      text: "见图：![上传中… 报错.png]()\n![上传中… 日志.png]()，谢谢",
      placed: true,
    });
    expect(editor.state().text).toBe(
      "见图：![报错.png](/work-order-files/41)\n![日志.png](/work-order-files/42)，谢谢",
    );
    expect(editor.commits.slice(1).every((c) => !c.placed)).toBe(true);
    expect(editor.registered.map((i) => i.id)).toEqual(["41", "42"]);
    expect(placed).toEqual(editor.registered);
    expect(imageMarkdown(placed[0]!)).toBe("![报错.png](/work-order-files/41)");
    expect(editor.statuses.at(-1)).toBe("");
  });

  it("takes the placeholder out and shows the reason when an upload fails; registers only what arrived", async () => {
    const editor = fakeEditor(at(""), async (file) => {
      if (file.name === "坏.png") throw new Error("图片文件已损坏，无法读取图片尺寸");
      return served(file, 7);
    });
    await uploadImages([png("坏.png"), png("好.png")], editor.host, { attached: 0, limits: LIMITS, messages: m });
    expect(editor.state().text).toBe("![好.png](/work-order-files/7)");
    expect(editor.registered.map((i) => i.id)).toEqual(["7"]);
    expect(editor.statuses.at(-1)).toBe("上传失败：图片文件已损坏，无法读取图片尺寸");
  });

  it("uploads nothing and changes no text for refused files, and says why", async () => {
    let calls = 0;
    const editor = fakeEditor(at("正文"), async (file) => served(file, ++calls));
    const pdf = new File(["%PDF"], "a.pdf", { type: "application/pdf" });
    await uploadImages([pdf, png()], editor.host, { attached: 9, limits: LIMITS, messages: m });
    expect(calls).toBe(0);
    expect(editor.commits).toEqual([]);
    expect(editor.registered).toEqual([]);
    expect(editor.statuses.at(-1)).toBe("“a.pdf”：仅支持 gif、jpeg、jpg、png、svg 图片；每个工单最多上传9个附件");
  });

  it("does not bring back an image whose placeholder the writer deleted while it uploaded", async () => {
    const editor = fakeEditor(at(""), async (file) => {
      editor.host.commit(at("改写了"), true);
      return served(file, 3);
    });
    expect(await uploadImages([png()], editor.host, { attached: 0, limits: LIMITS, messages: m })).toEqual([]);
    expect(editor.state().text).toBe("改写了");
    expect(editor.registered).toEqual([]);
  });
});
