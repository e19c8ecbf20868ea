import { randomToken } from '../../lib/ids.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

/** What we keep of a card: a gateway token and what the owner needs to recognise it. Never the number or CVV. */
export interface CardReference {
  token: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
}

export interface CardDetails {
  cardNumber: string;
  cardExpiryMonth: number;
  cardExpiryYear: number;
  cardCvv: string;
  cardHolderName: string;
}

export interface PaymentGateway {
  /** Verifies the card and returns a reusable token. Throws AppError(402/400) when refused. */
  tokenizeCard(card: CardDetails): Promise<CardReference>;
  /** Charges a stored card token. */
  charge(token: string, amountAgorot: number, description: string): Promise<{ ok: boolean; reference: string; message?: string }>;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(36|38|30[0-5])/.test(digits)) return 'diners';
  if (/^6011|^65/.test(digits)) return 'discover';
  return 'card';
}

/** Documented sandbox numbers that the sandbox refuses. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

/**
 * The embedded default gateway: checks like a real one (Luhn, expiry, CVV), stores nothing but
 * the token map in memory-free form (the token itself carries no card data).
 */
export class SandboxGateway implements PaymentGateway {
  constructor(private readonly now: () => Date = () => new Date()) {}

  async tokenizeCard(card: CardDetails): Promise<CardReference> {
    const digits = card.cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
      throw badRequest('card_invalid', 'The card number is not valid');
    }
    if (!/^\d{3}$/.test(card.cardCvv)) throw badRequest('card_cvv_invalid', 'CVV must be 3 digits');
    const now = this.now();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    if (card.cardExpiryYear < year || (card.cardExpiryYear === year && card.cardExpiryMonth < month)) {
      throw badRequest('card_expired', 'The card has expired');
    }
    if (digits === SANDBOX_DECLINED_CARD) {
      throw new AppError(402, 'card_declined', 'The card was declined by the card issuer. Please use another card.');
    }
    return {
      token: `sbx_${randomToken(18)}`,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expiryMonth: card.cardExpiryMonth,
      expiryYear: card.cardExpiryYear,
      holderName: card.cardHolderName,
    };
  }

  async charge(token: string, _amountAgorot: number, _description: string) {
    if (!token.startsWith('sbx_')) return { ok: false, reference: '', message: 'Unknown card token' };
    return { ok: true, reference: `sbx_ch_${randomToken(12)}` };
  }
}
