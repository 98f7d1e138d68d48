import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { notificationParts } from "~/utils/notification-links";

/** A notification's text, with the site's start links in it (decision 092) shown as links; the rest as text. */
export function NotificationText({ text }: { text: string }) {
  return (
    <>
      {notificationParts(text).map((part, i) => (
        <Fragment key={i}>
          {"path" in part ? (
            <Link to={part.path} data-testid="notification-link">
              {part.path}
            </Link>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </>
  );
}
