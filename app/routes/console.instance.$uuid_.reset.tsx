import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ResetChoices, ResetConfirm } from "~/components/images/ResetSystem";
import { FieldError } from "~/components/ui/Field";
import { Panel } from "~/components/ui/layout";
import { formAction } from "~/utils/action.server";
import { instancePath } from "~/utils/console-paths";
import { loadResetPage, resetConfirmed, ResetSchema } from "~/utils/system-reset.server";
import { requireUser } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "重置系统 · 算力云" }];

/** The system reset (decision 088): GET lists the images, `?image_id=` confirms one with what survives; POST resets. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    return loadResetPage(token, params.uuid ?? "", new URL(request.url));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      reset: intent(ResetSchema, (input, { guard }) => resetConfirmed(guard.token, input)),
    }),
  });
}

export default function ResetSystemPage() {
  const { instance, blocked, images, currentImageId, chosen, kind, choiceError, operationKey } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result?.fieldErrors.image_id ?? result?.formError ?? null;
  return (
    <>
      <h1>重置系统</h1>
      <Panel>
        {blocked ? (
          <p data-testid="reset-blocked">
            {blocked}。<Link to={instancePath(instance.InstanceUuid)}>返回实例</Link>
          </p>
        ) : chosen && kind ? (
          <ResetConfirm
            uuid={instance.InstanceUuid}
            name={instance.Name}
            image={chosen}
            kind={kind}
            operationKey={operationKey}
            error={refused}
          />
        ) : (
          <ResetChoices images={images} currentImageId={currentImageId} error={choiceError ?? refused} />
        )}
        {blocked && refused && <FieldError role="alert">{refused}</FieldError>}
      </Panel>
    </>
  );
}
