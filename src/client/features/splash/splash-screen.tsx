import { type CSSProperties, useEffect, useRef, useState } from "react";
import { TIMINGS } from "../../../shared/constants";
import "./splash.css";

export type SplashPhase = "closed" | "opening" | "hidden";

const BURST_COUNT = 20;
type Vars = CSSProperties & Record<`--${string}`, string>;

// Evenly spread burst, each particle its own angle and reach; keyframes in splash.css.
const BURST: Vars[] = Array.from({ length: BURST_COUNT }, (_, i) => {
  const angle = (i / BURST_COUNT) * Math.PI * 2;
  const reach = 110 + (i % 4) * 35;
  return {
    "--dx": `${Math.round(Math.cos(angle) * reach)}px`,
    "--dy": `${Math.round(Math.sin(angle) * reach)}px`,
    "--delay": `${(i % 5) * 40}ms`,
  };
});

interface SplashScreenProps {
  /** At the tap: the page behind takes taps and keys from now on. */
  onOpen?: () => void;
  /** 0.3 s after the tap, when the splash starts to disappear. */
  onHide?: () => void;
  /** 1.4 s after hiding: the splash is gone and may be unmounted. */
  onComplete: () => void;
}

/**
 * Opening overlay: two golden doors that open on one tap (or Enter/Space, it is
 * a real button). Doors, shake and particles are CSS; only the phase changes here.
 */
export function SplashScreen({ onOpen, onHide, onComplete }: SplashScreenProps) {
  const [phase, setPhase] = useState<SplashPhase>("closed");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const callbacks = useRef({ onOpen, onHide, onComplete });
  callbacks.current = { onOpen, onHide, onComplete };

  useEffect(() => {
    buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (phase === "hidden") return;
    document.documentElement.classList.add("splash-open");
    return () => document.documentElement.classList.remove("splash-open");
  }, [phase]);

  useEffect(() => {
    if (phase === "opening") {
      const timer = setTimeout(() => {
        setPhase("hidden");
        callbacks.current.onHide?.();
      }, TIMINGS.splashHide);
      return () => clearTimeout(timer);
    }
    if (phase === "hidden") {
      const timer = setTimeout(() => callbacks.current.onComplete(), TIMINGS.splashComplete);
      return () => clearTimeout(timer);
    }
  }, [phase]);

  const open = () => {
    if (phase !== "closed") return;
    setPhase("opening");
    callbacks.current.onOpen?.();
  };

  return (
    <section
      className="splash"
      data-phase={phase}
      aria-label="Abertura da página de inscrição"
      aria-hidden={phase === "hidden" ? true : undefined}
    >
      <button ref={buttonRef} type="button" className="splash-button" onClick={open} aria-disabled={phase !== "closed"}>
        <span className="splash-stage" aria-hidden="true">
          <span className="splash-light" />
          <span className="splash-frame">
            <span className="splash-door splash-door-left">
              <span className="splash-panel" />
              <span className="splash-panel" />
              <span className="splash-handle" />
            </span>
            <span className="splash-door splash-door-right">
              <span className="splash-panel" />
              <span className="splash-panel" />
              <span className="splash-handle" />
            </span>
            <span className="splash-cross" />
          </span>
        </span>
        <span className="splash-hint">
          <span className="splash-hint-main">Toque aqui e abra</span>{" "}
          <span className="splash-hint-sub">as portas desta jornada</span>
        </span>
      </button>
      <span className="splash-burst" aria-hidden="true">
        {BURST.map((style, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
          <span key={i} className="splash-particle" style={style} />
        ))}
      </span>
    </section>
  );
}
