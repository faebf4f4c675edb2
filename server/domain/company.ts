/**
 * The marketplace operator: the company the footer, the contact page and the legal documents name, and the address
 * the shop's own contact form writes to. One place, so the terms and the footer can never disagree.
 * Set these to the operator's registered data before going live.
 */
export const COMPANY = {
  name: 'Marketplace Food Group sp. z o.o.',
  street: 'ul. Prosta 20',
  zip: '00-850',
  city: 'Warszawa',
  country: 'Polska',
  nip: '5252812349',
  krs: '0000912345',
  email: 'kontakt@example.com',
  /** Spec section 9: the call-centre number is configured per interface language. */
  phone: { pl: '+48 22 100 20 30', en: '+48 22 100 20 30', ua: '+380 44 300 20 10' },
  social: {
    facebook: 'https://www.facebook.com/marketplace.food',
    instagram: 'https://www.instagram.com/marketplace.food',
    tiktok: 'https://www.tiktok.com/@marketplace.food',
  },
} as const;

/** The `concept` the shop's own contact page sends: the message is for the marketplace, not one of its brands. */
export const SHOP_CONTACT = 'shop';
