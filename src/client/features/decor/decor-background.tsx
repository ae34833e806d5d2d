import { DecorIcon } from "./decor-icons";
import { ICONS, LIGHTS, PARTICLES } from "./decor-layout";
import "./decor.css";

/**
 * The night sky behind the visitor pages: soft lights, floating religious icons
 * and rising golden particles. CSS animations of transform/opacity only, so a
 * cheap phone composites them without layout or a JavaScript loop.
 */
export function DecorBackground() {
  return (
    <div className="decor" aria-hidden="true">
      {LIGHTS.map((style, i) => (
        <span key={`l${i}`} className="decor-light" style={style} />
      ))}
      {PARTICLES.map((style, i) => (
        <span key={`p${i}`} className="decor-particle" style={style} />
      ))}
      {ICONS.map(({ name, style }, i) => (
        <span key={`i${i}`} className={`decor-icon decor-icon-${i % 3}`} style={style}>
          <DecorIcon name={name} />
        </span>
      ))}
    </div>
  );
}
