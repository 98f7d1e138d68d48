import { Form, Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { releaseInstancePath } from "~/utils/paths";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** What releasing asks, on the dialog and on the confirm page alike. */
export function ReleaseQuestion({ name }: { name: string }) {
  return (
    <p>
      释放后实例「{name}」的系统盘和数据盘将被删除且无法恢复，GPU 将归还主机。请输入实例名称 <strong>{name}</strong>{" "}
      以确认释放。
    </p>
  );
}

/** The type-the-name form: it posts to the confirm page, from the dialog or from that page. */
export function ReleaseForm({
  uuid,
  cancel,
  error,
  typed,
}: {
  uuid: string;
  cancel: ReactNode;
  error?: string | null;
  typed?: string;
}) {
  const action = releaseInstancePath(uuid);
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="instance_uuid" value={uuid} />
      <Field label="实例名称" name="confirm_name" autoComplete="off" defaultValue={typed} error={error} />
      <Row>
        <StatusButton intent="release" formAction={action} variant="danger" pendingText="释放中…">
          确认释放
        </StatusButton>
        {cancel}
      </Row>
    </Form>
  );
}

/**
 * The release button of an instance: with JavaScript a dialog that asks for
 * the name; without, a link to the confirm page, which asks the same.
 */
export function ReleaseInstance({ uuid, name }: { uuid: string; name: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <ButtonLink as={Link} to={releaseInstancePath(uuid)} variant="secondary" size="sm">
        释放
      </ButtonLink>
    );
  }
  return (
    <>
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
        释放
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="释放实例">
        <ReleaseQuestion name={name} />
        <ReleaseForm
          uuid={uuid}
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
