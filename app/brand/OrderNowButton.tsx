import { useStore } from '#app/stores/use-store.ts';
import { $aggregatorsOpen, openAggregators } from '#app/stores/aggregator-modal.ts';

/** The sticky call to order; it opens the delivery-app dialog (AggregatorModal). */
export default function OrderNowButton({ label }: { label: string }) {
  const open = useStore($aggregatorsOpen);
  return (
    <button
      type="button"
      className="button order-now"
      aria-haspopup="dialog"
      aria-controls="aggregators"
      aria-expanded={open}
      onClick={openAggregators}
    >
      {label}
    </button>
  );
}
