import { useStore } from '#app/stores/use-store.ts';
import { $progress, PROGRESS_DURATION_MS } from '#app/stores/progress.ts';

/**
 * A thin bar at the top while API requests run longer than the throttle (spec sections 7 and 9): it creeps towards
 * the end over the indicator's duration and disappears when the last request ends.
 */
export default function ProgressBar({ label }: { label: string }) {
  const { visible } = useStore($progress);
  if (!visible) return null;
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-busy="true">
      <div className="progress-fill" style={{ animationDuration: `${PROGRESS_DURATION_MS}ms` }} />
    </div>
  );
}
