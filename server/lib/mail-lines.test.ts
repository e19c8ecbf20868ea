import { describe, expect, it } from 'vitest';
import { resetMail } from '../modules/account/reset-mail.ts';
import { fillLine } from './mail.ts';

describe('filling a mail line', () => {
  it('fills every placeholder once, leaves unknown ones, and never fills inside a value', () => {
    expect(fillLine('Hi {name}, open {link} ({minutes} min) {other}', { name: 'Dana', link: 'https://x/y', minutes: 60 })).toBe(
      'Hi Dana, open https://x/y (60 min) {other}',
    );
    expect(fillLine('{name} → {link}', { name: '{link}', link: 'https://x/y' })).toBe('{link} → https://x/y');
  });

  it('writes a user named like a placeholder as typed in the reset e-mail', () => {
    const mail = resetMail({
      to: 'a@example.com',
      name: '{link}',
      link: 'https://shalav.example/reset#token=t',
      minutes: 60,
      language: 'en',
    });
    expect(mail.text).toContain('{link}');
    expect(mail.text.split('https://shalav.example/reset#token=t')).toHaveLength(2);
  });
});
