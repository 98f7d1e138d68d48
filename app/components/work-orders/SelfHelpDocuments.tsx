import { Link } from "@remix-run/react";
import type { WorkOrderQuestionWire } from "~/upstream/work-orders.server";
import { ButtonLink } from "../ui/Button";
import { Panel, PanelTitle, Row } from "../ui/layout";
import { styled } from "../ui/stitches.config";

/** A self-help document with its markdown rendered (and sanitised) on the server. */
export interface RenderedDocument {
  id: number;
  title: string;
  html: string;
}

const Doc = styled("details", {
  borderBottom: "1px solid #ECEDF0",
  padding: "$2 0",
  summary: { cursor: "pointer", fontWeight: 600 },
});

/**
 * The self-help documents of the selected question (or of a keyword search),
 * and, for a question, the way on to the work-order form: one link per
 * resource type the question applies to.
 */
export function SelfHelpDocuments({
  question,
  keyword,
  documents,
  submitLinks,
}: {
  question: WorkOrderQuestionWire | null;
  keyword: string;
  documents: RenderedDocument[] | null;
  /** The work-order form of the question, one per resource type it applies to. */
  submitLinks: { path: string; label: string }[];
}) {
  if (!question && !keyword) {
    return (
      <Panel aria-label="帮助文档">
        <p>请选择您遇到的问题，我们会先为您列出相关的帮助文档。</p>
      </Panel>
    );
  }
  return (
    <Panel aria-labelledby="documents-title" data-testid="documents">
      <PanelTitle id="documents-title">
        {question ? `「${question.name}」的帮助文档` : `与「${keyword}」相关的帮助文档`}
      </PanelTitle>
      {documents && documents.length > 0 ? (
        documents.map((doc, i) => (
          <Doc key={doc.id} open={i === 0}>
            <summary>{doc.title}</summary>
            <div dangerouslySetInnerHTML={{ __html: doc.html }} />
          </Doc>
        ))
      ) : (
        <p>暂无相关文档</p>
      )}
      {question && (
        <>
          <p>以上文档没有解决您的问题？请提交工单，我们会尽快处理。</p>
          <Row>
            {submitLinks.map((link) => (
              <ButtonLink key={link.path} as={Link} to={link.path} data-testid="submit-link">
                {link.label}
              </ButtonLink>
            ))}
          </Row>
        </>
      )}
    </Panel>
  );
}
