import { useEffect, useState } from "react";
import { DecorIcon } from "./decor-icons";
import { ICONS, LIGHTS, PARTICLES } from "./decor-layout";
import "./decor.css";

/**
 * The night sky behind the visitor pages: soft lights, floating religious icons
 * and rising golden particles. CSS animations of transform/opacity only, so a
 * cheap phone composites them without layout or a JavaScript loop.
 */
export function DecorBackground() {
  const live = useLiveAfterLoad();
  return (
    <div className="decor" aria-hidden="true" data-live={live ? "" : undefined}>
      {LIGHTS.map((style, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
        <span key={`l${i}`} className="decor-light" style={style} />
      ))}
      {PARTICLES.map((style, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
        <span key={`p${i}`} className="decor-particle" style={style} />
      ))}
      {ICONS.map(({ name, style }, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
        <span key={`i${i}`} className={`decor-icon decor-icon-${i % 3}`} style={style}>
          <DecorIcon name={name} />
        </span>
      ))}
    </div>
  );
}

/**
 * True once the page has loaded and the browser is idle. Until then the sky is
 * drawn but still: running animations make every frame of the loading work
 * restyle them all, which a cheap phone pays in blocked taps (decision 015).
 */
function useLiveAfterLoad(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      // Safari has no requestIdleCallback.
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(() => setLive(true), { timeout: 1500 });
      else timer = setTimeout(() => setLive(true), 300);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return live;
}
