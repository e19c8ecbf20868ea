import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';
import { userWith } from '#web/test/fixtures.ts';
import { RoomStatusLabel, TaskCountBadge } from './room-status.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderStatuses(facilityType: string, language: 'en' | 'he' = 'en') {
  mockFetch({ 'GET /api/auth/user': { body: userWith(facilityType) } });
  return renderWithProviders(
    <ul>
      {['clean', 'in_progress', 'needs_cleaning', 'inactive', 'bogus'].map((s) => (
        <li key={s} data-testid={`row-${s}`}>
          <RoomStatusLabel status={s} />
        </li>
      ))}
    </ul>,
    { language },
  );
}

const dotOf = (s: string) => screen.getByTestId(`row-${s}`).querySelector('[data-testid="status-dot"]')!.className;

describe('RoomStatusLabel', () => {
  it('labels statuses with construction words on a construction project, each with its colour', async () => {
    renderStatuses('construction');
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(screen.getByTestId('row-clean')).toHaveTextContent('Done');
    expect(screen.getByTestId('row-in_progress')).toHaveTextContent('In progress');
    expect(screen.getByTestId('row-needs_cleaning')).toHaveTextContent('Not started');
    expect(screen.getByTestId('row-inactive')).toHaveTextContent('Inactive');
    expect(dotOf('clean')).toContain('bg-emerald');
    expect(dotOf('in_progress')).toContain('bg-amber');
    expect(dotOf('needs_cleaning')).toContain('bg-red');
    expect(dotOf('inactive')).toContain('bg-slate');
  });

  it('labels statuses with cleaning words on a hotel project, same colours', async () => {
    renderStatuses('hotel');
    expect(await screen.findByText('Clean')).toBeInTheDocument();
    expect(screen.getByTestId('row-needs_cleaning')).toHaveTextContent('Needs cleaning');
    expect(screen.getByTestId('row-in_progress')).toHaveTextContent('In progress');
    expect(dotOf('clean')).toContain('bg-emerald');
    expect(dotOf('needs_cleaning')).toContain('bg-red');
  });

  it('shows an unknown status as not started, in red', async () => {
    renderStatuses('construction');
    await screen.findByText('Done');
    expect(screen.getByTestId('row-bogus')).toHaveTextContent('Not started');
    expect(dotOf('bogus')).toContain('bg-red');
  });

  it('uses the Hebrew wording of the project type', async () => {
    renderStatuses('school', 'he');
    expect(await screen.findByText('נקי')).toBeInTheDocument();
    expect(screen.getByTestId('row-needs_cleaning')).toHaveTextContent('דורש ניקוי');
  });
});

describe('TaskCountBadge', () => {
  function renderBadge(completed: number, total: number) {
    mockFetch({ 'GET /api/auth/user': { body: userWith('construction') } });
    renderWithProviders(<TaskCountBadge completed={completed} total={total} />);
    return screen.getByTestId('task-count');
  }
  it('is green when all are done', () => {
    const badge = renderBadge(3, 3);
    expect(badge).toHaveTextContent('3/3');
    expect(badge.className).toContain('bg-emerald-100');
  });
  it('is yellow when some are done', () => {
    expect(renderBadge(1, 3).className).toContain('bg-amber-100');
  });
  it('is red when none is done', () => {
    expect(renderBadge(0, 3).className).toContain('bg-red-100');
  });
  it('is neutral and says so when the unit has no tasks', () => {
    const badge = renderBadge(0, 0);
    expect(badge.className).toContain('bg-slate-100');
    expect(badge).toHaveTextContent('No stages');
  });
});
