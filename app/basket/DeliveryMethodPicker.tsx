import { useId } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import type { Basket } from '#app/stores/basket.ts';
import { $deliveryChoice, $deliveryError, setDeliveryMethod } from '#app/stores/basket-actions.ts';
import { fill } from '#app/catalogue/texts.ts';
import { deliveryMethodsOf } from './basket-view.ts';
import type { BasketTexts } from './texts.ts';

type Props = { basket: Basket; texts: BasketTexts };

/**
 * How the food comes: door2door, outside or leave@door where the location delivers, pickup where it allows pickup
 * (with its address; the page puts the spec's 30 minutes in the hint). A choice is ticked and saved at once; the totals
 * follow the server's answer (pickup: delivery 0), and a refusal unticks it again with the reason.
 */
export function DeliveryMethodPicker({ basket, texts }: Props) {
  const id = useId();
  const error = useStore($deliveryError);
  // The customer's choice shows ticked at once; the server's answer confirms it or brings the basket's method back.
  const chosen = useStore($deliveryChoice) ?? basket.deliveryMethod;
  const methods = deliveryMethodsOf(basket.location);
  if (methods.length === 0) return null;
  const location = basket.location;
  const pickupAddress = location ? `${location.street} ${location.no}, ${location.city}` : '';
  const hint = (method: DeliveryMethod) => fill(texts.deliveryHints[method], { address: pickupAddress });
  // The refusal is the whole choice's (the fieldset's), said in the basket's alert look; each choice has its own hint.
  // Wired as app/ui's controlProps wires a field, by hand: importing app/ui/field.tsx costs the basket page a kilobyte.
  return (
    <fieldset
      id={`${id}-delivery`}
      className="basket-card basket-delivery"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-delivery-error` : undefined}
    >
      <legend>
        <h2>{texts.deliveryTitle}</h2>
      </legend>
      <div className="delivery-options">
        {methods.map((method) => (
          <label key={method} className="delivery-option" data-method={method}>
            <input
              type="radio"
              name={`${id}-delivery`}
              value={method}
              checked={chosen === method}
              aria-describedby={`${id}-${method}-hint`}
              onChange={() => void setDeliveryMethod(method)}
            />
            <span className="delivery-text">
              <span className="delivery-name">{texts.deliveryMethods[method]}</span>
              <small id={`${id}-${method}-hint`}>{hint(method)}</small>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-delivery-error`} role="alert" className="basket-alert" data-error={error}>
          {texts.errors[error] ?? texts.errors['internalError']}
        </p>
      )}
    </fieldset>
  );
}
