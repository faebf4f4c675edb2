type Props = {
  quantity: number;
  max: number;
  /** The accessible names of the two buttons, naming the item ('Decrease the quantity of Margherita'). */
  decreaseLabel: string;
  increaseLabel: string;
  /** The visible and accessible name of the number between them. */
  quantityLabel: string;
  onChange: (delta: 1 | -1) => void;
};

/**
 * − quantity +. At 1 (or at the maximum) a button says so with aria-disabled instead of `disabled`, so that the
 * keyboard focus stays on it when the quantity reaches the limit; removing a line is its own button.
 */
export function QuantityStepper({ quantity, max, decreaseLabel, increaseLabel, quantityLabel, onChange }: Props) {
  const atMin = quantity <= 1;
  const atMax = quantity >= max;
  return (
    <div className="quantity-stepper" role="group" aria-label={quantityLabel}>
      <button
        type="button"
        className="step"
        aria-label={decreaseLabel}
        aria-disabled={atMin || undefined}
        onClick={() => !atMin && onChange(-1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="quantity" aria-live="off" data-quantity={quantity}>
        {quantity}
      </output>
      <button
        type="button"
        className="step"
        aria-label={increaseLabel}
        aria-disabled={atMax || undefined}
        onClick={() => !atMax && onChange(1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
