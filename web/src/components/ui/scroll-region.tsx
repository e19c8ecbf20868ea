import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways on its own, so a wide table never widens the page on a phone
 * (docs/product.md "Manager screens"). It is a named region the keyboard can reach (tab to it,
 * then the arrow keys scroll), so a table wider than the screen is readable without a mouse.
 */
export function ScrollRegion({
  label,
  className = '',
  children,
  testId,
}: {
  /** What the box holds, translated ("Workers ranking"); screen readers announce it on focus. */
  label: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // A region the keyboard can focus: scrolling must not need a pointer.
      tabIndex={0}
      data-testid={testId}
      // `contain: inline-size`: the table's width never reaches the boxes around (a grid or flex item
      // would otherwise grow to it and widen the page); on paper the table simply takes the page.
      // `relative`: text for screen readers only (absolutely placed) stays inside the box; placed by
      // the page instead, it stuck out past the screen's edge and widened the page by 150 px.
      className={`relative overflow-x-auto [contain:inline-size] focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 print:overflow-visible print:[contain:none] ${className}`}
    >
      {children}
    </div>
  );
}
