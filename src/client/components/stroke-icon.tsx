import type { ReactNode } from "react";

/** A line icon in the text's colour. Decorative: screen readers skip it, the button's text names the action. */
export function StrokeIcon({
  size = 18,
  weight = 2,
  className,
  children,
}: {
  size?: number;
  weight?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
