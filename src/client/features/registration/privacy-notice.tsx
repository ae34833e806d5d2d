import { PRIVACY_NOTICE } from "../../../shared/privacy";

/** What we keep, why and for how long: short, and open on demand. */
export function PrivacyNotice() {
  return (
    <details className="privacy-notice">
      <summary>{PRIVACY_NOTICE.title}</summary>
      {PRIVACY_NOTICE.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </details>
  );
}
