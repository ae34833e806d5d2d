import { Link } from "../lib/router";
import "./not-found.css";

export function NotFoundRoute() {
  return (
    <main className="not-found">
      <div className="not-found-card">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 lang="en">Oops! Page not found</h1>
        <p className="not-found-text">Esta página não existe ou mudou de endereço.</p>
        <Link href="/" className="not-found-link" lang="en">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
