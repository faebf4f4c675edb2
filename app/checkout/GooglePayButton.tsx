import { useEffect, useRef, useState, type ReactNode } from 'react';
import { googlePayAdapter, type GooglePayConfig, type PaymentDataRequest } from './google-pay.ts';

/**
 * Google's own Google Pay button (PaymentsClient.createButton), in place of the page's submit button when a real
 * provider takes Google Pay: Google's brand rules ask for its button, and its click is the gesture that opens
 * Google's sheet. Until Google's button is there (pay.js loading), where it cannot be (pay.js unreachable, the
 * browser cannot pay with Google Pay) and with the sandbox (its own sheet), the page's submit button
 * (`children`) stays, so the form can always be sent and says why Google Pay is unavailable.
 */
export function GooglePayButton({
  config,
  request,
  locale,
  disabled,
  onClick,
  children,
}: {
  config: { sandbox: boolean; googlePay: GooglePayConfig | null };
  request: PaymentDataRequest | null;
  locale: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  // The latest handler and state, read when Google's button is clicked (the button is created once).
  const latest = useRef({ onClick, disabled });
  latest.current = { onClick, disabled };
  const { sandbox, googlePay } = config;
  const environment = googlePay?.environment;
  const gateway = googlePay?.gateway;

  useEffect(() => {
    const place = container.current;
    if (sandbox || !googlePay || !request || !place) return;
    let current = true;
    void googlePayAdapter({ sandbox, googlePay })
      .button(request, {
        locale,
        onClick: () => {
          if (!latest.current.disabled) latest.current.onClick();
        },
      })
      .then((button) => {
        if (!current || !button) return;
        place.replaceChildren(button);
        setShown(true);
      });
    return () => {
      current = false;
      place.replaceChildren();
      setShown(false);
    };
    // The button depends on the gateway, the environment and the language, not on the total.
  }, [sandbox, environment, gateway, locale, request === null]);

  return (
    <>
      <div
        ref={container}
        className="checkout-gpay-button"
        hidden={!shown}
        aria-busy={disabled}
        data-testid="google-pay-button"
      />
      {!shown && children}
    </>
  );
}
