import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/ids.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { findSandboxCharge, insertSandboxCharge } from './billing.queries.ts';

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
  /** True when the gateway moves no money (the sandbox). */
  readonly sandbox: boolean;
  /** Verifies the card and returns a reusable token. Throws AppError(402/400) when refused. */
  tokenizeCard(card: CardDetails): Promise<CardReference>;
  /**
   * Charges a stored card token. A repeated `idempotencyKey` answers the first charge's result and
   * never charges again (docs/decisions/020-billing-engine.md).
   */
  charge(token: string, amountAgorot: number, description: string, idempotencyKey: string): Promise<ChargeResult>;
}

export interface ChargeResult {
  ok: boolean;
  reference: string;
  message?: string;
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

/** Documented sandbox numbers (README "Payment sandbox"): refused when the card is stored. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';
/** Accepted when stored, declined on every charge (the number Stripe uses for that case). */
export const SANDBOX_CHARGE_DECLINED_CARD = '4000000000000341';
/** The token prefix of a card every charge of which is declined. */
const DECLINING_TOKEN = 'sbx_dl_';

/**
 * The embedded default gateway: checks like a real one (Luhn, expiry, CVV); the token carries no
 * card data. With a database it keeps each charge by idempotency key in `sandbox_charges`, so a
 * repeated key answers the first result across restarts, as a real gateway does.
 */
export class SandboxGateway implements PaymentGateway {
  readonly sandbox = true;
  private readonly db: Db | undefined;
  private readonly now: () => Date;
  /** Without a database (unit tests of other parts), the charges of this instance. */
  private readonly memory = new Map<string, ChargeResult>();

  constructor(opts: { db?: Db; now?: () => Date } = {}) {
    this.db = opts.db;
    this.now = opts.now ?? (() => new Date());
  }

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
      token: `${digits === SANDBOX_CHARGE_DECLINED_CARD ? DECLINING_TOKEN : 'sbx_'}${randomToken(18)}`,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expiryMonth: card.cardExpiryMonth,
      expiryYear: card.cardExpiryYear,
      holderName: card.cardHolderName,
    };
  }

  async charge(token: string, amountAgorot: number, _description: string, idempotencyKey: string): Promise<ChargeResult> {
    const answer: ChargeResult = !token.startsWith('sbx_')
      ? { ok: false, reference: '', message: 'Unknown card token' }
      : token.startsWith(DECLINING_TOKEN)
        ? { ok: false, reference: `sbx_ch_${randomToken(12)}`, message: 'The card was declined' }
        : { ok: true, reference: `sbx_ch_${randomToken(12)}` };
    if (!this.db) {
      const first = this.memory.get(idempotencyKey);
      if (first) return first;
      this.memory.set(idempotencyKey, answer);
      return answer;
    }
    const stored = await insertSandboxCharge(this.db, { idempotencyKey, token, amountAgorot, ...answer });
    return stored ?? (await findSandboxCharge(this.db, idempotencyKey)) ?? answer;
  }
}
