import { useEffect, useRef } from "react";
import { TIMINGS } from "../../../shared/constants";

interface SuccessOverlayProps {
  /** Called once the success animation has played (TIMINGS.successAnimation). */
  onDone: () => void;
}

/** Full-screen dimmed confirmation shown between a successful POST and /obrigado. */
export function SuccessOverlay({ onDone }: SuccessOverlayProps) {
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    const timer = setTimeout(() => onDoneRef.current(), TIMINGS.successAnimation);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="success-overlay" role="status">
      <div className="success-card">
        <span className="success-check" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="44" height="44" focusable="false" aria-hidden="true">
            <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
          </svg>
        </span>
        <h2 className="success-title">Inscrição Confirmada!</h2>
        <p className="success-text">✨ Redirecionando...</p>
      </div>
    </div>
  );
}
