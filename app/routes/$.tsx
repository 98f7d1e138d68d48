/**
 * Any address no other route matches. Without this route the router answers
 * before the root loader runs, so the 404 page had neither the user's bar nor
 * Chinese text. Here the root loader runs, this loader throws the 404, and the
 * root error boundary shows it inside the shell.
 */
function notFound(): never {
  throw new Response(null, { status: 404 });
}

export function loader() {
  return notFound();
}

export function action() {
  return notFound();
}

/** Never shown: the loader always throws. A route without a component would be a resource route, with no page. */
export default function NotFound() {
  return null;
}
