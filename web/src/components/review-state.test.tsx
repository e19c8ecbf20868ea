import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { ReviewStateBadge, ReviewStateMark } from './review-state.tsx';

describe('ReviewStateBadge', () => {
  it('says each state in words beside its colour and mark', () => {
    renderWithProviders(
      <>
        <ReviewStateBadge review={{ state: 'awaiting', reason: null }} />
        <ReviewStateBadge review={{ state: 'accepted', reason: null }} />
        <ReviewStateBadge review={{ state: 'sent_back', reason: 'Cracks' }} />
      </>,
    );
    const badges = screen.getAllByTestId('review-state');
    expect(badges.map((b) => b.textContent)).toEqual(['…Awaiting review', '✓Accepted', '↩Sent back']);
    expect(badges.map((b) => b.dataset.review)).toEqual(['awaiting', 'accepted', 'sent_back']);
    // The reason only where asked for.
    expect(screen.queryByTestId('review-reason')).toBeNull();
  });

  it('shows the reason when asked, isolated in a <bdi>, in the reader’s language', () => {
    renderWithProviders(<ReviewStateBadge review={{ state: 'sent_back', reason: 'Paint missing' }} withReason />, { language: 'he' });
    const badge = screen.getByTestId('review-state');
    expect(badge).toHaveTextContent('הוחזר לתיקון');
    expect(within(badge).getByTestId('review-reason')).toHaveTextContent('סיבה: Paint missing');
    expect(screen.getByText('Paint missing').tagName).toBe('BDI');
  });

  it('renders nothing for an open stage nobody sent back', () => {
    renderWithProviders(
      <div data-testid="box">
        <ReviewStateBadge review={null} />
        <ReviewStateMark review={null} />
      </div>,
    );
    expect(screen.getByTestId('box')).toBeEmptyDOMElement();
  });
});

describe('ReviewStateMark', () => {
  it('carries its words and reason in its accessible name and title', () => {
    renderWithProviders(<ReviewStateMark review={{ state: 'sent_back', reason: 'Cracks' }} />);
    const mark = screen.getByRole('img', { name: 'Sent back: Cracks' });
    expect(mark).toHaveAttribute('title', 'Sent back: Cracks');
  });

  it('is hidden from assistive technology when decorative', () => {
    renderWithProviders(<ReviewStateMark review={{ state: 'accepted', reason: null }} decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('review-mark')).toHaveAttribute('aria-hidden', 'true');
  });
});
