import { describe, expect, it } from 'vitest';
import { cancelCauseOf, statusEmailOf } from './order-emails.ts';

describe('the e-mail a status change sends', () => {
  it('tells the customer the restaurant accepted, when it accepts', () => {
    expect(statusEmailOf('new', 'processing')).toBe('orderAccepted');
  });

  it('says a pickup order is ready to collect, in either ready status', () => {
    expect(statusEmailOf('processing', 'ready_for_pickup')).toBe('orderReadyForPickup');
    expect(statusEmailOf('processing', 'waiting_for_pickup')).toBe('orderReadyForPickup');
  });

  it('says a delivery is on its way when it is handed to the courier, not while it waits for one', () => {
    expect(statusEmailOf('processing', 'waiting_for_courier')).toBeNull();
    expect(statusEmailOf('waiting_for_courier', 'finished')).toBe('orderOnItsWay');
  });

  it('sends nothing when a pickup order is collected', () => {
    expect(statusEmailOf('ready_for_pickup', 'finished')).toBeNull();
  });

  it('reports a rejection and a cancellation whoever made them', () => {
    expect(statusEmailOf('new', 'rejected')).toBe('orderRejected');
    expect(statusEmailOf('waiting_for_payment', 'canceled')).toBe('orderCanceled');
    expect(statusEmailOf('processing', 'canceled')).toBe('orderCanceled');
  });

  it('leaves the confirmation to the paths that place and pay for orders', () => {
    expect(statusEmailOf('waiting_for_payment', 'new')).toBeNull();
  });
});

describe('why an order was canceled', () => {
  it('groups the audit reasons into what the e-mail says', () => {
    expect(cancelCauseOf('paymentTimeout')).toBe('paymentTimeout');
    expect(cancelCauseOf('cancel')).toBe('restaurant');
    expect(cancelCauseOf('callCentre')).toBe('customerService');
    expect(cancelCauseOf('admin')).toBe('other');
  });
});
