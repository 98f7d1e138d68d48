import { describe, expect, it } from "vitest";
import { EDITOR_LOCALES, editorLocale, editorMessages } from "./messages";

describe("editor languages", () => {
  it("follows the page: Simplified Chinese here, the closest of the eight otherwise", () => {
    expect(editorLocale("zh-CN")).toBe("zh-CN");
    expect(editorLocale("zh")).toBe("zh-CN");
    expect(editorLocale("zh-Hant-TW")).toBe("zh-TW");
    expect(editorLocale("zh-HK")).toBe("zh-TW");
    expect(editorLocale("en-GB")).toBe("en");
    expect(editorLocale("pt-BR")).toBe("pt");
    expect(editorLocale("ko")).toBe("zh-CN");
    expect(editorLocale(undefined)).toBe("zh-CN");
  });

  it("has every label in all eight languages, and the non-English ones are translated", () => {
    expect(EDITOR_LOCALES).toHaveLength(8);
    for (const locale of EDITOR_LOCALES) {
      const m = editorMessages(locale);
      for (const [key, value] of Object.entries(m))
        expect(typeof value === "function" ? value(2) : value, `${locale}.${key}`).toBeTruthy();
      if (locale !== "en") expect(m.bold).not.toBe(editorMessages("en").bold);
    }
  });
});
