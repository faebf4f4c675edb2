import type { KeyboardEvent, MouseEvent } from 'react';
import { Dialog } from '#app/ui/dialog.tsx';
import { useStore } from '#app/stores/use-store.ts';
import { $aggregatorsOpen, closeAggregators } from '#app/stores/aggregator-modal.ts';

export type AggregatorLinks = { glovo: string; uberEats: string; wolt: string; bolt: string };
const APPS = [
  ['glovo', 'Glovo'],
  ['uberEats', 'Uber Eats'],
  ['wolt', 'Wolt'],
  ['bolt', 'Bolt Food'],
] as const;

type Labels = { title: string; intro: string; newTab: string; close: string };

/**
 * The four delivery apps in a modal dialog. The native <dialog> makes the page behind it inert; on top of that
 * Tab and Shift+Tab cycle inside it, Escape and a click on the backdrop close it, and focus returns to the button.
 */
export default function AggregatorModal({ links, labels }: { links: AggregatorLinks; labels: Labels }) {
  const open = useStore($aggregatorsOpen);

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog's own box is the backdrop area: its content sits in an inner element.
    if (event.target === event.currentTarget) closeAggregators();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a[href], button'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Dialog
      open={open}
      id="aggregators"
      className="aggregators"
      aria-labelledby="aggregators-title"
      onClick={onBackdrop}
      onKeyDown={onKeyDown}
      onClose={closeAggregators}
      onCancel={closeAggregators}
    >
      <div className="aggregators-box">
        <div className="aggregators-head">
          <h2 id="aggregators-title">{labels.title}</h2>
          <button type="button" className="aggregators-close" onClick={closeAggregators} aria-label={labels.close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p>{labels.intro}</p>
        <ul>
          {APPS.map(([key, name]) => (
            <li key={key}>
              <a className={`app app-${key}`} href={links[key]} target="_blank" rel="noopener" data-app={key}>
                {name} <span className="visually-hidden">{labels.newTab}</span>
                <span aria-hidden="true">↗</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
