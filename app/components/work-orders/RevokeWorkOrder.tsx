import { Form, Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { revokeWorkOrderPath } from "~/utils/console-paths";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** What revoking asks (spec: destructive actions ask twice), on the dialog and on the confirm page alike. */
export function RevokeQuestion({ title }: { title: string }) {
  return <p>确定撤销工单「{title}」吗？撤销后工单将关闭，不能再回复或补充附件。</p>;
}

/** The confirm step's form: it posts to the confirm page, with JavaScript (from the dialog) or without. */
export function RevokeForm({ id, cancel }: { id: number; cancel: ReactNode }) {
  const action = revokeWorkOrderPath(id);
  return (
    <Form method="post" action={action}>
      <Row>
        <StatusButton intent="revoke" formAction={action} variant="danger" pendingText="撤销中…">
          确认撤销
        </StatusButton>
        {cancel}
      </Row>
    </Form>
  );
}

/**
 * The revoke button of a work order: a dialog that asks again with
 * JavaScript; without it, a link to the confirm page, which asks the same.
 */
export function RevokeWorkOrder({ id, title }: { id: number; title: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <ButtonLink as={Link} to={revokeWorkOrderPath(id)} variant="secondary">
        撤销工单
      </ButtonLink>
    );
  }
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        撤销工单
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="撤销工单">
        <RevokeQuestion title={title} />
        <RevokeForm
          id={id}
          cancel={
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              取消
            </Button>
          }
        />
      </Dialog>
    </>
  );
}
