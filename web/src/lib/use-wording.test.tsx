import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';
import { userWith } from '#web/test/fixtures.ts';
import rooms from '#web/locales/en/rooms.json';
import { useWording, wordingFor } from './use-wording.ts';

describe('wordingFor', () => {
  it('reads hotel, school and office projects as rooms and cleaning', () => {
    for (const f of ['hotel', 'school', 'office']) expect(wordingFor(f)).toBe('cleaning');
  });
  it('reads construction and every other project type (and an unknown one) as construction', () => {
    for (const f of ['construction', 'residential', 'commercial', 'renovation', undefined, null])
      expect(wordingFor(f)).toBe('construction');
  });
});

function Title({ ns }: { ns: string }) {
  const { t, tw, wording, timeZone } = useWording(ns);
  return <p data-testid="out">{[tw('title'), t('title'), wording, timeZone ?? '-'].join('|')}</p>;
}

describe('useWording', () => {
  it('picks the cleaning variant of a key on a hotel project, and leaves the plain t alone', async () => {
    mockFetch({ 'GET /api/auth/user': { body: { ...userWith('hotel'), timezone: 'Asia/Jerusalem' } } });
    renderWithProviders(<Title ns="rooms" />);
    expect(await screen.findByText(`${rooms.title_cleaning}|${rooms.title}|cleaning|Asia/Jerusalem`)).toBeInTheDocument();
    expect(rooms.title_cleaning).not.toBe(rooms.title);
  });

  it('uses the construction words on a construction project', async () => {
    mockFetch({ 'GET /api/auth/user': { body: { ...userWith('construction'), timezone: 'Asia/Jerusalem' } } });
    renderWithProviders(<Title ns="rooms" />);
    expect(await screen.findByText(`${rooms.title}|${rooms.title}|construction|Asia/Jerusalem`)).toBeInTheDocument();
  });
});
