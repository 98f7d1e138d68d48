import type { Agreement } from "~/content/agreements";
import { Page, Panel } from "./ui/layout";
import { styled } from "./ui/stitches.config";

const Article = styled("article", {
  maxWidth: 860,
  margin: "0 auto",
  h2: { fontSize: "$lg", marginTop: "$5" },
  p: { lineHeight: 1.9 },
});

export function AgreementView({ agreement }: { agreement: Agreement }) {
  return (
    <Page>
      <Panel>
        <Article>
          <h1>{agreement.title}</h1>
          <p>更新日期：{agreement.updated}</p>
          {agreement.sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
        </Article>
      </Panel>
    </Page>
  );
}
