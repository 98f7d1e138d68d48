import { Form, useLocation } from "@remix-run/react";
import { StatusButton } from "../ui/StatusButton";

/**
 * 退出登录 as a plain POST form (works without JavaScript). It sends the page
 * it was on: a public page stays, signed out; a console page goes to /login
 * (app/utils/after-logout.ts).
 */
export function LogoutForm({ role }: { role?: "menuitem" }) {
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <StatusButton role={role} intent="logout" formAction="/logout" variant="secondary" block pendingText="正在退出…">
        退出登录
      </StatusButton>
    </Form>
  );
}
