import type { ReactNode } from 'react';

/**
 * A sentence the screen says to the user: an error (`role="alert"`, read out at once) or news (`role="status"`, read
 * when the reader is idle). `className` is the screen's own look.
 */
export function Notice({
  tone,
  className,
  id,
  children,
}: {
  tone: 'error' | 'news';
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <p id={id} className={className} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
