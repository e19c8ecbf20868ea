import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '#web/lib/i18n-react.tsx';
import { enqueue, reloadOutboxForTests, resetOutboxForTests } from '#web/lib/outbox.ts';
import { markPhotoWaiting, resetWaitingPhotosForTests } from '#web/lib/offline-photos.ts';
import { initTestI18n } from '#web/test/render.tsx';
import { OutboxPanel } from './outbox-panel.tsx';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const refuse = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));
function stubFetch(...answers: (() => Promise<Response>)[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (answers.shift() ?? offline)()),
  );
}
const renderPanel = (language: 'en' | 'he' = 'en') =>
  render(
    <I18nProvider i18n={initTestI18n(language)}>
      <OutboxPanel />
    </I18nProvider>,
  );
const complete = (taskId: string, label: string) =>
  enqueue({ kind: 'complete', method: 'PUT', url: `/api/scheduled-tasks-complete/${taskId}`, body: {}, roomId: 'r1', taskId, label });
const bar = () => screen.getByRole('status', { name: 'Waiting to send' });
const open = () => fireEvent.click(within(bar()).getByRole('button', { expanded: false }));

beforeEach(() => {
  resetOutboxForTests();
  resetWaitingPhotosForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetOutboxForTests();
  resetWaitingPhotosForTests();
});

describe('OutboxPanel', () => {
  it('is not there when nothing waits and nothing was refused', () => {
    renderPanel();
    expect(screen.queryByTestId('outbox-panel')).toBeNull();
  });

  it('counts every waiting write and photo, and lists each in words with its state', async () => {
    stubFetch(offline, offline);
    renderPanel();
    await act(async () => {
      await complete('t1', 'Plaster');
      await enqueue({ kind: 'session', method: 'POST', url: '/api/work-sessions', body: {}, roomId: 'r1', label: 'A12' });
      markPhotoWaiting({ taskId: 't2', roomId: 'r1', label: 'Wall tiles' });
    });
    expect(bar()).toHaveTextContent('Waiting to send: 3');
    open();
    const items = await within(bar()).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Complete stage PlasterWaiting for signal – will send automatically',
      'Start work on unit A12Waiting for signal – will send automatically',
      'Photo for stage Wall tilesWaiting for signal – will send automatically',
    ]);
    // The names are the worker's own words, isolated so a Hebrew name keeps its order in any language.
    expect(items.map((li) => li.querySelector('bdi')?.textContent)).toEqual(['Plaster', 'A12', 'Wall tiles']);
  });

  it('shows "sending" while a request or a photo upload is under way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderPanel();
    act(() => void complete('t1', 'Plaster'));
    act(() => markPhotoWaiting({ taskId: 't2', roomId: 'r1', label: 'Wall tiles' }, true));
    open();
    const items = await within(bar()).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Complete stage PlasterSending…', 'Photo for stage Wall tilesSending…']);
  });

  it('keeps a refusal, also one from before a reload, with its reason in the worker language until OK', async () => {
    stubFetch(refuse(409, { code: 'task_already_completed', message: 'SERVER ENGLISH', params: { workerName: 'אבי' } }));
    await complete('t1', 'Plaster');
    reloadOutboxForTests(); // the refusal came while another page was open
    renderPanel('he');
    const panel = screen.getByTestId('outbox-panel');
    expect(panel).toHaveTextContent('לא התקבלו: 1');
    fireEvent.click(within(panel).getByRole('button', { expanded: false }));
    const item = await within(panel).findByTestId('outbox-refused');
    expect(item).toHaveTextContent('השלמת שלב Plaster');
    expect(item).toHaveTextContent('אבי');
    expect(item).not.toHaveTextContent('SERVER ENGLISH');
    const results = await axe.run(panel, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    fireEvent.click(within(item).getByRole('button', { name: 'אישור' }));
    await waitFor(() => expect(screen.queryByTestId('outbox-panel')).toBeNull());
    reloadOutboxForTests();
    expect(screen.queryByTestId('outbox-panel')).toBeNull();
  });
});
