import { Link } from "../lib/router";

export function NotFoundRoute() {
  return (
    <main className="not-found">
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link href="/">Return to Home</Link>
    </main>
  );
}
