'use client';
// The frame of every wide table (runs explorer, run page, comparisons, reports): the table keeps
// its natural width and scrolls sideways inside this frame instead of being clipped or widening
// the page. Its first column (two with `sticky={2}`, for a selection column before the name)
// stays in place while the rest scrolls, and a fade at an edge says there is more that way.
// Keyboard users reach it with Tab and scroll it with the arrow keys, announced by `label`.
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Which sides have content out of view ("left right", "right", …); empty when all of it fits. */
function hiddenSides(area: HTMLElement): string {
  const sides: string[] = [];
  // One pixel of slack: fractional widths round differently in scrollWidth and clientWidth.
  if (area.scrollLeft > 1) sides.push('left');
  if (area.scrollLeft + area.clientWidth < area.scrollWidth - 1) sides.push('right');
  return sides.join(' ');
}

export function TableScroll({
  label,
  sticky = 1,
  className,
  children,
}: {
  /** What the table is, for screen readers ("Runs", "Summary per series"). */
  label: string;
  /** How many leading columns stay in place. */
  sticky?: 1 | 2;
  className?: string;
  children: ReactNode;
}) {
  const area = useRef<HTMLElement>(null);
  const [overflow, setOverflow] = useState('');

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    let frame = 0;
    // Measured on the next frame: when the window narrows, cells rewrap after the resize is
    // reported, and a measure taken in the report can see the table one layout too early.
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setOverflow(hiddenSides(element)));
    };
    measure();
    // The table's width changes with its rows (paging, live updates) and the frame's with the window.
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    if (element.firstElementChild) resize.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);

  return (
    <div
      className={['table-scroll', sticky === 2 ? 'sticky-2' : null, className].filter(Boolean).join(' ')}
      data-overflow={overflow || undefined}
    >
      {/* A labelled section is a region landmark, as scrollable regions should be. */}
      <section
        ref={area}
        className="table-scroll-area"
        aria-label={overflow ? `${label} (scrolls sideways)` : label}
        // Focusable only when there is something to scroll to: no empty Tab stop otherwise.
        tabIndex={overflow ? 0 : undefined}
      >
        {children}
      </section>
    </div>
  );
}
