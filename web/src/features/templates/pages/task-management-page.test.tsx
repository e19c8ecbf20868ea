import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { TaskTemplate } from '#contract/templates.ts';
import type { Locale } from '#contract/constants.ts';
import { findToast, mockFetch, renderWithProviders, requestsTo, type MockResponse } from '#web/test/render.tsx';
import TaskManagementPage from './task-management-page.tsx';

const template = (over: Partial<TaskTemplate>): TaskTemplate => ({
  id: 't1',
  name: 'Waterproofing',
  description: null,
  translations: null,
  facilityType: 'construction',
  roomType: null,
  isRequired: true,
  requiresPhoto: true,
  estimatedMinutes: 30,
  sortOrder: 1,
  ...over,
});

type Routes = Parameters<typeof mockFetch>[0];
const ok = (body: unknown): MockResponse => ({ body });

const seriousViolations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};

function setup(routes: Routes = {}, language: Locale = 'en') {
  const fetchMock = mockFetch({
    'GET /api/auth/user': ok({ id: 'u1', projectId: 'p1', facilityType: 'construction', role: 'admin' }),
    'GET /api/task-templates': ok([template({}), template({ id: 't2', name: 'Plumbing', sortOrder: 2 })]),
    ...routes,
  });
  renderWithProviders(<TaskManagementPage />, { path: '/task-management', language });
  const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
  return { fetchMock, urls, user: userEvent.setup({ delay: null }) };
}

describe('TaskManagementPage', () => {
  it("lists the project's facility type templates", async () => {
    const { urls } = setup();
    expect(await screen.findByText('Waterproofing')).toBeInTheDocument();
    expect(screen.getByText('Plumbing')).toBeInTheDocument();
    expect(urls()).toContain('/api/task-templates?facilityType=construction');
  });

  it('deletes a template only after the confirmation', async () => {
    const { fetchMock, user } = setup({ 'DELETE /api/task-templates/t1': ok({ message: 'Task template deleted' }) });
    const deletes = () => requestsTo(fetchMock, 'DELETE /api/task-templates/t1');
    await user.click(await screen.findByRole('button', { name: 'Delete — Waterproofing' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this task template?')).toBeInTheDocument();
    expect(deletes()).toHaveLength(0);

    // Cancelling deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete — Waterproofing' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await findToast('Task template deleted');
  });

  it('adds a template for the chosen facility type with the form defaults', async () => {
    const { fetchMock, urls, user } = setup({
      'POST /api/task-templates': ok(template({ id: 't3', name: 'Fresh towels', facilityType: 'hotel' })),
    });
    await screen.findByText('Waterproofing');
    await user.selectOptions(screen.getByLabelText('Facility type'), 'hotel');
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText(/Task name/), 'Fresh towels');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    await findToast('Task template created');
    expect(requestsTo(fetchMock, 'POST /api/task-templates')).toEqual([
      {
        name: 'Fresh towels',
        description: null,
        facilityType: 'hotel',
        roomType: null,
        isRequired: true,
        requiresPhoto: false,
        estimatedMinutes: 5,
        sortOrder: 0,
      },
    ]);
    expect(urls()).toContain('/api/task-templates?facilityType=hotel');
  });

  it("adds the default task list for the filter's facility type", async () => {
    const { fetchMock, user } = setup({ 'POST /api/task-templates/init-defaults': ok({ created: 7, message: 'Added 7 default tasks' }) });
    await user.click(await screen.findByRole('button', { name: 'Add the default task list' }));
    const toastEl = await findToast('Default task list added');
    expect(toastEl).toHaveTextContent('Tasks added: 7');
    expect(requestsTo(fetchMock, 'POST /api/task-templates/init-defaults')).toEqual([{ facilityType: 'construction' }]);
  });

  it('offers the default list for construction and hotel only', async () => {
    const { user } = setup();
    await screen.findByText('Waterproofing');
    await user.selectOptions(screen.getByLabelText('Facility type'), 'school');
    expect(screen.queryByRole('button', { name: 'Add the default task list' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Facility type'), 'hotel');
    expect(screen.getByRole('button', { name: 'Add the default task list' })).toBeInTheDocument();
  });

  it("shows a default template in the reader's language, and a renamed one as stored", async () => {
    setup(
      {
        'GET /api/task-templates': ok([
          template({ id: 'a', name: 'בדיקת חשמל', translations: { he: { name: 'בדיקת חשמל' }, ru: { name: 'Электрика' } } }),
          template({ id: 'b', name: 'שם חדש', translations: { he: { name: 'בדיקת טיח' }, ru: { name: 'Штукатурка' } } }),
        ]),
      },
      'ru',
    );
    expect(await screen.findByText('Электрика')).toBeInTheDocument();
    expect(screen.getByText('שם חדש')).toBeInTheDocument();
    expect(screen.queryByText('Штукатурка')).not.toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/task-templates': () => (fail ? { status: 500, body: { message: 'boom' } } : ok([template({})])),
    });
    expect(await screen.findByText('Could not load the task templates.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Waterproofing')).toBeInTheDocument();
  });

  it('has no serious accessibility violations with the list and the dialog open', async () => {
    const { user } = setup();
    await screen.findByText('Waterproofing');
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    await screen.findByRole('dialog');
    expect(await seriousViolations()).toEqual([]);
  });
});
